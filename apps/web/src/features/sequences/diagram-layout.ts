import dagre from '@dagrejs/dagre';
import type { SequenceStep, StepType } from '@prospector/contracts';
import { waitLength } from '../../lib/plural';
import { reactionBranches } from './reaction-branches';

export const END_NODE_ID = 'end';

export interface DiagramNode {
  id: string;
  label: string;
  kind: StepType | 'end';
  /** Top-left corner; every node is NODE_WIDTH x NODE_HEIGHT. */
  x: number;
  y: number;
  /** No path from the first step leads here, so no contact ever reaches it. */
  unreached: boolean;
}

export interface DiagramEdge {
  id: string;
  source: string;
  target: string;
  label: string;
}

export interface Point {
  x: number;
  y: number;
}

/** An edge with its route (from the source's border to the target's) and the centre of its label. */
export interface RoutedEdge extends DiagramEdge {
  points: Point[];
  labelAt: Point;
}

export const NODE_WIDTH = 208;
export const NODE_HEIGHT = 40;
/** The label box the layout keeps free of nodes and other labels (11 px text). */
export const labelSize = (label: string) => ({ width: Math.ceil(label.length * 6.2) + 12, height: 20 });

/** Each step's paths: the outcomes a send offers, or the next action of a wait or list step. */
function pathsOf(step: SequenceStep, trackOpens: boolean): { target: string; label: string }[] {
  if (step.stepType === 'send_email') {
    return reactionBranches(step, trackOpens).map((branch) => {
      const wait = step[branch.waitField];
      return {
        target: step[branch.stepField] ?? END_NODE_ID,
        label: `${branch.label}${wait ? ` (${wait}d)` : ''}`,
      };
    });
  }
  const label =
    step.stepType === 'wait'
      ? `After ${step.waitValue && step.waitUnit ? waitLength(step.waitValue, step.waitUnit) : ''}`
      : 'Then';
  return [{ target: step.nextActionStepId ?? END_NODE_ID, label }];
}

/**
 * The sequence as a graph: each step's paths, where paths from one step to the same target share an edge
 * whose label lists them ('Any outcome' for all of a send's), and one End node; `level` is how far each
 * step is from the first (pointers only go to later steps, so order is a topological order).
 */
function pathsGraph(ordered: SequenceStep[], trackOpens: boolean) {
  const known = new Set(ordered.map((s) => s.id));
  const level = new Map<string, number>();
  if (ordered[0]) level.set(ordered[0].id, 0);
  const edges: DiagramEdge[] = [];
  for (const step of ordered) {
    const grouped = new Map<string, string[]>();
    const paths = pathsOf(step, trackOpens);
    for (const path of paths) {
      const target = known.has(path.target) ? path.target : END_NODE_ID;
      grouped.set(target, [...(grouped.get(target) ?? []), path.label]);
    }
    for (const [target, labels] of grouped) {
      const label =
        step.stepType === 'send_email' && labels.length === paths.length ? 'Any outcome' : labels.join(' / ');
      edges.push({ id: `${step.id}->${target}`, source: step.id, target, label });
      const from = level.get(step.id);
      if (from !== undefined && target !== END_NODE_ID) {
        level.set(target, Math.max(level.get(target) ?? 0, from + 1));
      }
    }
  }
  return { edges, level };
}

/**
 * The diagram laid out top to bottom by dagre (a layered layout): an edge that skips rows is routed through
 * the gaps between the boxes rather than across them, and every label gets a place of its own. Steps no
 * path reaches hang below End (through an edge that is laid out but not drawn), marked unreached. Without
 * open tracking a send has no "Opened, no reply" path and its not-opened one is "No reply".
 */
export function diagramGraph(
  steps: SequenceStep[],
  trackOpens = true,
): {
  nodes: DiagramNode[];
  edges: RoutedEdge[];
  /** The whole drawing, labels included (they may reach past the boxes). */
  size: { width: number; height: number };
} {
  const ordered = [...steps].sort((a, b) => a.order - b.order);
  if (ordered.length === 0) return { nodes: [], edges: [], size: { width: 0, height: 0 } };
  const { edges, level } = pathsGraph(ordered, trackOpens);
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: 'TB', nodesep: 40, ranksep: 36, edgesep: 24, marginx: 8, marginy: 8 });
  g.setDefaultEdgeLabel(() => ({}));
  const labels = new Map<string, string>([[END_NODE_ID, 'End sequence']]);
  for (const step of ordered) labels.set(step.id, `${step.order}. ${step.name}`);
  for (const id of labels.keys()) g.setNode(id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const edge of edges)
    g.setEdge(edge.source, edge.target, { ...labelSize(edge.label), labelpos: 'c' }, edge.id);
  for (const step of ordered) {
    if (!level.has(step.id)) g.setEdge(END_NODE_ID, step.id, { minlen: 1 }, `hidden:${step.id}`);
  }
  dagre.layout(g);

  const hasEnd = edges.some((e) => e.target === END_NODE_ID);
  const kinds = new Map<string, DiagramNode['kind']>(ordered.map((s) => [s.id, s.stepType]));
  const nodes: DiagramNode[] = [];
  for (const [id, label] of labels) {
    if (id === END_NODE_ID && !hasEnd) continue;
    const { x, y } = g.node(id);
    nodes.push({
      id,
      label,
      kind: kinds.get(id) ?? 'end',
      x: x - NODE_WIDTH / 2,
      y: y - NODE_HEIGHT / 2,
      unreached: id !== END_NODE_ID && !level.has(id),
    });
  }
  const routed = edges.map((edge) => {
    const laid = g.edge(edge.source, edge.target, edge.id);
    return { ...edge, points: laid.points ?? [], labelAt: { x: laid.x ?? 0, y: laid.y ?? 0 } };
  });
  const { width = 0, height = 0 } = g.graph();
  return { nodes, edges: routed, size: { width, height } };
}
