import { BaseEdge, type Edge, EdgeLabelRenderer, type EdgeProps } from '@xyflow/react';
import type { Point } from './diagram-layout';

export type RoutedEdgeData = { points: Point[]; labelAt: Point; label: string };
export type RoutedFlowEdge = Edge<RoutedEdgeData, 'routed'>;

const CORNER = 10;

/** A path through the points with rounded corners. */
function roundedPath(points: Point[]): string {
  const [first, ...rest] = points;
  if (!first) return '';
  let path = `M ${first.x} ${first.y}`;
  rest.forEach((point, i) => {
    const next = rest[i + 1];
    const previous = i === 0 ? first : (rest[i - 1] as Point);
    if (!next) {
      path += ` L ${point.x} ${point.y}`;
      return;
    }
    const toward = (from: Point, to: Point, length: number) => {
      const distance = Math.hypot(to.x - from.x, to.y - from.y) || 1;
      const share = Math.min(length, distance / 2) / distance;
      return { x: from.x + (to.x - from.x) * share, y: from.y + (to.y - from.y) * share };
    };
    const before = toward(point, previous, CORNER);
    const after = toward(point, next, CORNER);
    path += ` L ${before.x} ${before.y} Q ${point.x} ${point.y} ${after.x} ${after.y}`;
  });
  return path;
}

/** An edge drawn along the route the layout chose, with its label where the layout left room for it. */
export function RoutedEdge({ id, data, markerEnd }: EdgeProps<RoutedFlowEdge>) {
  if (!data) return null;
  return (
    <>
      <BaseEdge id={id} path={roundedPath(data.points)} markerEnd={markerEnd} />
      <EdgeLabelRenderer>
        <div
          data-testid="diagram-edge-label"
          className="nodrag nopan pointer-events-none absolute whitespace-nowrap rounded border bg-background px-1 py-px text-[11px] text-foreground/80"
          style={{ transform: `translate(-50%, -50%) translate(${data.labelAt.x}px, ${data.labelAt.y}px)` }}
        >
          {data.label}
        </div>
      </EdgeLabelRenderer>
    </>
  );
}
