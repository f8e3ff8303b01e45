import type { SequenceStep } from '@prospector/contracts';
import { Background, MarkerType, type Node, ReactFlow } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import type * as React from 'react';
import { useMemo } from 'react';
import { type DiagramNode, diagramGraph, NODE_HEIGHT, NODE_WIDTH } from './diagram-layout';
import { RoutedEdge, type RoutedFlowEdge } from './routed-edge';

const EDGE_TYPES = { routed: RoutedEdge };

/** Inline, so they win over xyflow's default node style. */
const NODE_TONE: Record<DiagramNode['kind'], React.CSSProperties> = {
  send_email: { background: '#f0f9ff', borderColor: '#7dd3fc', color: '#0c4a6e' },
  wait: { background: '#fffbeb', borderColor: '#fcd34d', color: '#78350f' },
  add_to_persona: { background: '#f5f3ff', borderColor: '#c4b5fd', color: '#4c1d95' },
  end: { background: '#f1f5f9', borderColor: '#cbd5e1', color: '#334155' },
};

/**
 * The read-only diagram of a sequence's branches (its own chunk, with xyflow). The same paths are listed
 * for screen readers.
 */
export default function SequenceDiagram({
  steps,
  trackOpens,
}: {
  steps: SequenceStep[];
  trackOpens: boolean;
}) {
  const graph = useMemo(() => diagramGraph(steps, trackOpens), [steps, trackOpens]);
  const names = new Map(graph.nodes.map((n) => [n.id, n.label]));
  const nodes: Node[] = graph.nodes.map((n) => ({
    id: n.id,
    position: { x: n.x, y: n.y },
    data: { label: n.unreached ? `${n.label} (not reached)` : n.label },
    style: {
      ...NODE_TONE[n.kind],
      width: NODE_WIDTH,
      height: NODE_HEIGHT,
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      padding: '0 10px',
      borderRadius: 8,
      fontSize: 12,
      fontWeight: 500,
      ...(n.unreached ? { opacity: 0.6, borderStyle: 'dashed' } : {}),
    },
    draggable: false,
    connectable: false,
    selectable: false,
  }));
  // Two invisible corners, so fitting the view keeps labels that reach past the boxes in view.
  for (const [id, x, y] of [
    ['corner-start', 0, 0],
    ['corner-end', graph.size.width, graph.size.height],
  ] as const) {
    nodes.push({
      id,
      position: { x, y },
      data: { label: '' },
      style: { width: 1, height: 1, padding: 0, border: 0, opacity: 0, pointerEvents: 'none' },
      draggable: false,
      connectable: false,
      selectable: false,
    });
  }
  // Fitting happens when the flow mounts: a new layout mounts a new flow.
  const layout = [
    ...graph.nodes.map((n) => `${n.id}:${n.x}:${n.y}`),
    ...graph.edges.map((e) => `${e.id}:${e.label}`),
  ].join('|');
  const edges: RoutedFlowEdge[] = graph.edges.map((e) => ({
    id: e.id,
    source: e.source,
    target: e.target,
    type: 'routed',
    data: { points: e.points, labelAt: e.labelAt, label: e.label },
    markerEnd: { type: MarkerType.ArrowClosed },
  }));

  return (
    <figure className="grid gap-2">
      {/* Inert: out of the tab order and hidden from screen readers, which read the caption instead. */}
      <div className="h-[420px] overflow-hidden rounded-lg border [&_.react-flow__handle]:opacity-0" inert>
        <ReactFlow
          key={layout}
          nodes={nodes}
          edges={edges}
          edgeTypes={EDGE_TYPES}
          fitView
          fitViewOptions={{ padding: 0.15, maxZoom: 1 }}
          nodesDraggable={false}
          nodesConnectable={false}
          nodesFocusable={false}
          edgesFocusable={false}
          elementsSelectable={false}
          zoomOnScroll={false}
          preventScrolling={false}
        >
          <Background />
        </ReactFlow>
      </div>
      <figcaption className="sr-only">
        <ul>
          {graph.edges.map((e) => (
            <li key={e.id}>
              {names.get(e.source)}: {e.label}, then {names.get(e.target)}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
