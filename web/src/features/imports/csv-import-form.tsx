import { UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useId, useRef, useState } from 'react';
import { ImportProgressView } from './import-progress';
import type { useCsvImport } from './use-csv-import';

export const SAMPLE_CSV_URL = '/sample_connections.csv';

/** File choice (.csv only), the Import button and the live progress of one import. */
export function CsvImportForm({ csvImport }: { csvImport: ReturnType<typeof useCsvImport> }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const { progress, status, start, reset } = csvImport;
  const isBusy =
    progress.phase === 'uploading' || progress.phase === 'processing' || progress.phase === 'refreshing';

  const onChoose = (chosen: File | null) => {
    setFile(chosen);
    if (progress.phase === 'done' || progress.phase === 'failed') reset();
  };

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} align="center" wrap>
        <label htmlFor={inputId}>
          <Typography.Text strong>CSV file</Typography.Text>
        </label>
        <input
          id={inputId}
          ref={inputRef}
          type="file"
          accept=".csv,text/csv,.zip,application/zip"
          disabled={isBusy}
          onChange={(event) => onChoose(event.target.files?.[0] ?? null)}
        />
      </Flex>
      <Typography.Text type="secondary">
        Your Connections.csv, or the ZIP archive LinkedIn sent you as it is.
      </Typography.Text>
      {file && <Typography.Text type="secondary">Selected: {file.name}</Typography.Text>}
      <Flex gap={8}>
        <Button
          type="primary"
          icon={<UploadOutlined />}
          loading={isBusy}
          disabled={isBusy}
          onClick={() => void start(file)}
        >
          Import
        </Button>
      </Flex>
      <ImportProgressView progress={progress} status={status} />
    </Flex>
  );
}

/** How to get Connections.csv out of LinkedIn, and a sample to try the product with. */
export function ExportInstructions() {
  return (
    <Typography.Paragraph style={{ marginBottom: 0 }}>
      In LinkedIn open Settings → Data privacy → Get a copy of your data, choose Connections, and upload the
      Connections.csv you receive. Not ready yet? Try the <a href={SAMPLE_CSV_URL}>sample CSV file</a>.
      <br />
      <Typography.Text type="secondary">
        Tip: files of 1000+ connections are imported in the background; you can follow the progress here.
      </Typography.Text>
    </Typography.Paragraph>
  );
}
