import { Button, Flex, Modal } from 'antd';
import { CsvImportForm, ExportInstructions } from './csv-import-form';
import { useCsvImport } from './use-csv-import';

/**
 * 'Import LinkedIn Data' (docs/product.md#dashboard): CSV only, with its own texts
 * (docs/product.md#uploads, docs/product.md#imports).
 */
export function ImportDataDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const csvImport = useCsvImport('data');
  const close = () => {
    if (csvImport.progress.phase === 'done' || csvImport.progress.phase === 'failed') csvImport.reset();
    onClose();
  };
  return (
    <Modal
      title="Import LinkedIn Data"
      open={open}
      onCancel={close}
      footer={<Button onClick={close}>Close</Button>}
      width={560}
    >
      <Flex vertical gap={12}>
        <ExportInstructions />
        <CsvImportForm csvImport={csvImport} />
      </Flex>
    </Modal>
  );
}
