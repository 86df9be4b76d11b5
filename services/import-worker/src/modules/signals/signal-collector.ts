import {
  MessageSignalsReader,
  RelationSignalsReader,
  type ArchiveSignals,
  type MessageReadStats,
  type RecommendationSignals,
  type SignalFile,
} from '@warmpath/domain';
import { CsvTokenizer, type CsvRow } from '../csv/csv-tokenizer.js';

/** What the archive's signal files gave: numbers and dates per person, nothing else. */
export interface CollectedSignals {
  /** Per canonical profile URL (connections and others alike: the network service matches them). */
  people: [string, ArchiveSignals][];
  /** Per "first last" name in lower case (recommendation files carry no address). */
  recommendations: [string, RecommendationSignals][];
  /** The files read, by kind, with their data rows; a file without its columns is not listed. */
  files: Partial<Record<SignalFile, number>>;
  /** Files that could not be read to their end (not CSV, broken quoting): what was read counts. */
  unreadable: SignalFile[];
  messages: MessageReadStats | null;
}

interface RowSink {
  row(cells: readonly string[]): void;
  readonly recognised: boolean;
}

/**
 * Reads the archive's signal files one after another, each streamed through the CSV tokenizer
 * row by row. Each row's cells are handed to a libs/domain reader that keeps only addresses,
 * counts and dates, and are dropped right after: message content, subjects, invitation notes,
 * skills and recommendation texts never outlive their row (docs/warmth.md).
 */
export class SignalCollector {
  private readonly people = new Map<string, ArchiveSignals>();
  private readonly recommendations = new Map<string, RecommendationSignals>();
  private readonly messageReader = new MessageSignalsReader();
  private readonly files: Partial<Record<SignalFile, number>> = {};
  private readonly unreadable: SignalFile[] = [];
  private memberUrl: string | null = null;

  /**
   * Reads one file's text (decoded chunks) to its end. A file that breaks off (bad quoting, not
   * text) keeps what was read before and is listed as unreadable: signals never fail an import.
   */
  async read(file: SignalFile, text: AsyncIterable<string>): Promise<void> {
    try {
      await this.readRows(file, text);
    } catch {
      this.unreadable.push(file);
    }
  }

  private async readRows(file: SignalFile, text: AsyncIterable<string>): Promise<void> {
    const sink = this.sinkFor(file);
    const tokenizer = new CsvTokenizer();
    const rows: CsvRow[] = [];
    let count = 0;
    const take = (): void => {
      for (const row of rows) {
        sink.row(row.cells);
        count++;
      }
      // The cells go with the rows: nothing of them is kept past this loop.
      rows.length = 0;
    };
    // The rows cut before a syntax error are taken too: what was read before the break counts.
    try {
      for await (const chunk of text) {
        tokenizer.feed(chunk, rows);
        take();
      }
      tokenizer.end(rows);
    } finally {
      take();
      if (sink.recognised) this.files[file] = (this.files[file] ?? 0) + Math.max(0, count - 1);
    }
    if (!sink.recognised) this.unreadable.push(file);
    if (sink instanceof RelationSignalsReader) this.memberUrl ??= sink.memberUrl;
  }

  finish(): CollectedSignals {
    const messages =
      this.files.messages === undefined ? null : this.messageReader.finish(this.people, this.memberUrl);
    return {
      people: [...this.people],
      recommendations: [...this.recommendations],
      files: this.files,
      unreadable: this.unreadable,
      messages,
    };
  }

  private sinkFor(file: SignalFile): RowSink {
    if (file === 'messages') return this.messageReader;
    return new RelationSignalsReader(file, this.people, this.recommendations);
  }
}
