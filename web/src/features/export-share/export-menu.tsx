import { DownloadOutlined } from '@ant-design/icons';
import type { Connection } from '@warmpath/contracts';
import { Button, Dropdown, type MenuProps } from 'antd';
import type { NetworkGraphEngine as GraphEngine, NetworkLinks } from '../network';
import { useToast } from '../../lib/toast/use-toast';
import { connectionsToCsv } from './csv-export';
import { datedFileName, downloadBlob } from './download-file';
import { networkToGexf } from './gexf-export';

interface Props {
  connections: readonly Connection[];
  /** The links' objects are made only when the GEXF is asked for. */
  links: NetworkLinks;
  /** Null in table mode: there is no graph view to picture. */
  engine: GraphEngine | null;
}

/**
 * Export (docs/product.md#graph-and-table): PNG of the graph view, CSV of the filtered people, GEXF
 * for Gephi.
 */
export function ExportMenu({ connections, links, engine }: Props) {
  const toast = useToast();
  const exportPng = async () => {
    if (!engine) return;
    try {
      downloadBlob(await engine.exportPng(), datedFileName('network', 'png'));
    } catch {
      toast({
        title: 'Export failed',
        description: 'The picture of the graph could not be made. Please try again.',
        variant: 'destructive',
      });
    }
  };
  const items: MenuProps['items'] = [
    { key: 'png', label: 'Image of the graph (PNG)', disabled: !engine, onClick: () => void exportPng() },
    {
      key: 'csv',
      label: 'Filtered connections (CSV)',
      onClick: () =>
        downloadBlob(
          new Blob([connectionsToCsv(connections)], { type: 'text/csv;charset=utf-8' }),
          datedFileName('connections', 'csv'),
        ),
    },
    {
      key: 'gexf',
      label: 'Graph for Gephi (GEXF)',
      onClick: () =>
        downloadBlob(
          new Blob([networkToGexf(connections, links.toArray())], { type: 'application/gexf+xml' }),
          datedFileName('network', 'gexf'),
        ),
    },
  ];
  return (
    <Dropdown menu={{ items }} trigger={['click']}>
      <Button size="small" icon={<DownloadOutlined />}>
        Export
      </Button>
    </Dropdown>
  );
}
