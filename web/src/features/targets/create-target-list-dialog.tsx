import type { ColumnMapping, TargetList } from '@warmpath/contracts';
import { isTargetFileError, readPastedTargets, type TargetSheet } from '@warmpath/domain';
import { Alert, Button, Flex, Input, Modal, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../lib/api/api';
import { ColumnMappingStep } from './column-mapping-step';
import { readTargetUpload } from './read-target-upload';
import { TargetFilePreview } from './target-file-preview';
import type { TargetScope } from './target-scope';
import { useCreateTargetListMutation } from './targets.api';

type Source = 'file' | 'paste';

/** The read paste, or its refusal. */
function readPaste(text: string): { sheet: TargetSheet | null; refusal: string | null } {
  if (text.trim() === '') return { sheet: null, refusal: null };
  try {
    return { sheet: readPastedTargets(text), refusal: null };
  } catch (error) {
    if (isTargetFileError(error)) return { sheet: null, refusal: error.message };
    throw error;
  }
}

/**
 * "New target list" (docs/targets.md#web): a name, then a CSV/XLSX file read here for a preview
 * (and the mapping step when the columns are unsure), or pasted lines. A refusal, the browser's
 * reader's or the server's, is shown as it is and nothing is created.
 */
export function CreateTargetListDialog({
  scope,
  onClose,
  onCreated,
}: {
  scope: TargetScope;
  onClose: () => void;
  onCreated: (list: TargetList) => void;
}) {
  const [source, setSource] = useState<Source>('file');
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileSheet, setFileSheet] = useState<TargetSheet | null>(null);
  const [fileRefusal, setFileRefusal] = useState<string | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [doubts, setDoubts] = useState<string[]>([]);
  const [text, setText] = useState('');
  const [create, { isLoading, error, reset }] = useCreateTargetListMutation();

  const paste = readPaste(text);
  const sheet = source === 'file' ? fileSheet : paste.sheet;
  const refusal = source === 'file' ? fileRefusal : paste.refusal;

  const read = async (picked: File, chosen?: ColumnMapping) => {
    reset();
    const answer = await readTargetUpload(picked, chosen);
    setFileSheet(answer.kind === 'read' ? answer.sheet : null);
    setFileRefusal(answer.kind === 'refused' ? answer.message : null);
    return answer;
  };

  const pick = async (picked: File | undefined) => {
    setFile(picked ?? null);
    setMapping(null);
    setDoubts([]);
    if (!picked) {
      setFileSheet(null);
      setFileRefusal(null);
      return;
    }
    if (name.trim() === '') setName(picked.name.replace(/\.(csv|xlsx|txt)$/i, ''));
    const answer = await read(picked);
    if (answer.kind === 'read' && answer.sheet.mapping.unsure) {
      setMapping(answer.sheet.mapping);
      setDoubts(answer.sheet.mapping.doubts);
    }
  };

  const remap = (chosen: ColumnMapping) => {
    setMapping(chosen);
    if (file) void read(file, chosen);
  };

  const submit = async () => {
    const body =
      source === 'file' && file
        ? { ...scope, name: name.trim(), file, ...(mapping ? { mapping } : {}) }
        : { ...scope, name: name.trim(), text };
    const created = await create(body)
      .unwrap()
      .catch(() => null);
    if (created) onCreated(created);
  };

  const ready = name.trim() !== '' && sheet !== null && sheet.targets.length > 0 && !refusal;
  return (
    <Modal
      open
      title="New target list"
      onCancel={onClose}
      width={640}
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button
          key="create"
          type="primary"
          disabled={!ready}
          loading={isLoading}
          onClick={() => void submit()}
        >
          Create list
        </Button>,
      ]}
    >
      <Flex vertical gap={12}>
        <Input
          aria-label="List name"
          placeholder="Q3 target accounts"
          value={name}
          maxLength={120}
          onChange={(e) => setName(e.target.value)}
        />
        <Segmented<Source>
          value={source}
          onChange={(value) => {
            reset();
            setSource(value);
          }}
          options={[
            { value: 'file', label: 'Upload a file' },
            { value: 'paste', label: 'Paste' },
          ]}
        />
        {source === 'file' ? (
          <Flex vertical gap={4}>
            <Typography.Text type="secondary">A CSV or Excel (.xlsx) file with a header row.</Typography.Text>
            <input
              type="file"
              aria-label="Target file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(event) => void pick(event.target.files?.[0])}
            />
          </Flex>
        ) : (
          <Input.TextArea
            aria-label="Pasted targets"
            placeholder={'One company, domain or LinkedIn URL a line\nAcme Inc.\nglobex.com'}
            rows={6}
            value={text}
            onChange={(event) => {
              reset();
              setText(event.target.value);
            }}
          />
        )}
        {refusal && <Alert type="error" role="alert" title={refusal} />}
        {error && <Alert type="error" role="alert" title={errorMessage(error)} />}
        {source === 'file' && fileSheet && mapping && (
          <ColumnMappingStep header={fileSheet.header} mapping={mapping} doubts={doubts} onChange={remap} />
        )}
        {sheet && <TargetFilePreview targets={sheet.targets} skipped={sheet.skipped} />}
      </Flex>
    </Modal>
  );
}
