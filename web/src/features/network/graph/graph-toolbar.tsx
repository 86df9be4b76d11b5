import {
  AimOutlined,
  CompassOutlined,
  ExpandOutlined,
  PauseCircleOutlined,
  SendOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Button, Flex, Radio, Tooltip } from 'antd';
import type { LayoutName } from '../../../graph';
import type { NetworkGraphEngine as GraphEngine } from './graph-adapter';

interface Props {
  engine: GraphEngine | null;
  layout: LayoutName;
  onLayoutChange: (layout: LayoutName) => void;
  hasConnections: boolean;
  isTourRunning: boolean;
}

const LAYOUTS: { value: LayoutName; label: string; title: string }[] = [
  { value: 'force', label: 'Force', title: 'Force-directed layout' },
  { value: 'circular', label: 'Circular', title: 'People on a circle' },
  { value: 'hierarchical', label: 'Hierarchical', title: 'One row per company' },
];

/** Layouts, tours and zoom of the graph toolbar (docs/product.md#layouts-and-tours). */
export function GraphToolbar({ engine, layout, onLayoutChange, hasConnections, isTourRunning }: Props) {
  const canTour = !!engine && hasConnections;
  return (
    <Flex gap={8} wrap align="center">
      <Radio.Group
        size="small"
        optionType="button"
        aria-label="Layout"
        value={layout}
        onChange={(event) => onLayoutChange(event.target.value as LayoutName)}
        options={LAYOUTS.map(({ value, label, title }) => ({ value, label, title }))}
      />
      {isTourRunning ? (
        <Button size="small" icon={<PauseCircleOutlined />} onClick={() => engine?.stopTour()}>
          Stop Tour
        </Button>
      ) : (
        <>
          <Button
            size="small"
            icon={<SendOutlined />}
            disabled={!canTour}
            onClick={() => engine?.startFlyByTour()}
          >
            Fly-by Tour
          </Button>
          <Button
            size="small"
            icon={<CompassOutlined />}
            disabled={!canTour}
            onClick={() => engine?.startGuidedTour()}
          >
            Guided Tour
          </Button>
        </>
      )}
      <Flex gap={4}>
        <Tooltip title="Zoom in">
          <Button
            size="small"
            aria-label="Zoom in"
            icon={<ZoomInOutlined />}
            disabled={!engine}
            onClick={() => engine?.zoomIn()}
          />
        </Tooltip>
        <Tooltip title="Zoom out">
          <Button
            size="small"
            aria-label="Zoom out"
            icon={<ZoomOutOutlined />}
            disabled={!engine}
            onClick={() => engine?.zoomOut()}
          />
        </Tooltip>
        <Tooltip title="Reset view">
          <Button
            size="small"
            aria-label="Reset view"
            icon={<AimOutlined />}
            disabled={!engine}
            onClick={() => engine?.resetView()}
          />
        </Tooltip>
        <Tooltip title="Fit to screen">
          <Button
            size="small"
            aria-label="Fit to screen"
            icon={<ExpandOutlined />}
            disabled={!engine}
            onClick={() => engine?.fitToScreen()}
          />
        </Tooltip>
      </Flex>
    </Flex>
  );
}
