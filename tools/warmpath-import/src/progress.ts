export type Phase = 'waiting' | 'uploading' | 'importing' | 'completed' | 'failed';

export interface FileProgress {
  fileName: string;
  phase: Phase;
  sentBytes: number;
  totalBytes: number;
  /** The import's own state (queued, parsing, saving, linking ...) and rows read so far. */
  state?: string;
  rowsRead?: number;
  message?: string;
}

const BAR_WIDTH = 24;

export function bar(fraction: number): string {
  const filled = Math.round(Math.max(0, Math.min(1, fraction)) * BAR_WIDTH);
  return `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}]`;
}

const size = (bytes: number) =>
  bytes < 1_048_576 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1_048_576).toFixed(1)} MB`;

/** One line of the board: an upload bar, then the import's own progress. */
export function describe(file: FileProgress): string {
  switch (file.phase) {
    case 'waiting':
      return `${bar(0)} waiting`;
    case 'uploading': {
      const fraction = file.totalBytes ? file.sentBytes / file.totalBytes : 1;
      return `${bar(fraction)} uploading ${Math.floor(fraction * 100)}% of ${size(file.totalBytes)}`;
    }
    case 'importing': {
      const rows = file.rowsRead ? `, ${file.rowsRead.toLocaleString('en-US')} rows read` : '';
      return `${bar(1)} ${file.state ?? 'importing'}${rows}`;
    }
    case 'completed':
      return `${bar(1)} completed${file.message ? ` (${file.message})` : ''}`;
    case 'failed':
      return `${bar(1)} failed: ${file.message ?? 'unknown error'}`;
  }
}

/**
 * A progress line per file on stderr. On a terminal the lines are redrawn in place (at most 10
 * times a second); elsewhere (logs, CI) a line is printed whenever a file changes phase or state.
 */
export class ProgressBoard {
  private readonly files: FileProgress[];
  private drawn = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly said: string[];

  constructor(
    private readonly out: NodeJS.WriteStream,
    files: { fileName: string; sizeBytes: number }[],
  ) {
    this.files = files.map((f) => ({
      fileName: f.fileName,
      phase: 'waiting',
      sentBytes: 0,
      totalBytes: f.sizeBytes,
    }));
    this.said = this.files.map(() => '');
  }

  update(index: number, patch: Partial<FileProgress>): void {
    const file = this.files[index];
    if (!file) throw new RangeError(`No file at index ${index}`);
    Object.assign(file, patch);
    if (this.out.isTTY) {
      this.timer ??= setTimeout(() => this.draw(), 100);
      return;
    }
    const uploaded = file.sentBytes >= file.totalBytes ? 'sent' : 'started';
    const milestone =
      file.phase === 'uploading' ? `uploading:${uploaded}` : `${file.phase}:${file.state ?? ''}`;
    if (milestone === this.said[index]) return;
    this.said[index] = milestone;
    this.out.write(`${file.fileName}: ${describe(file)}\n`);
  }

  /** Draws the final state (terminal) and stops. */
  finish(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.out.isTTY) this.draw();
    this.timer = null;
  }

  private draw(): void {
    this.timer = null;
    const width = Math.min(40, Math.max(...this.files.map((f) => f.fileName.length)));
    const lines = this.files.map((f) => `${f.fileName.slice(0, width).padEnd(width)}  ${describe(f)}`);
    const up = this.drawn ? `\x1b[${this.drawn}A` : '';
    this.out.write(up + lines.map((line) => `\x1b[2K${line}\n`).join(''));
    this.drawn = lines.length;
  }
}
