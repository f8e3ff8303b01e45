import { REACTION_BRANCHES, type SequenceStep, type StepType } from '@prospector/contracts';

export const END_NODE_ID = 'end';

export interface DiagramNode {
  id: string;
  label: string;
  kind: StepType | 'end';
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

const REACTION_SHORT = { not_opened: 'Not opened', opened_no_reply: 'Opened, no reply', replied: 'Replied' };
const COLUMN = 240;
const ROW = 150;

/** Each step's paths: the three outcomes of a send, or the next action of a wait or list step. */
function pathsOf(step: SequenceStep): { target: string; label: string }[] {
  if (step.stepType === 'send_email') {
    return REACTION_BRANCHES.map((branch) => {
      const wait = step[branch.waitField];
      return {
        target: step[branch.stepField] ?? END_NODE_ID,
        label: `${REACTION_SHORT[branch.reaction]}${wait ? ` (${wait}d)` : ''}`,
      };
    });
  }
  const label = step.stepType === 'wait' ? `After ${step.waitValue} ${step.waitUnit}` : 'Then';
  return [{ target: step.nextActionStepId ?? END_NODE_ID, label }];
}

/**
 * The sequence as a graph: steps on rows by how far they are from the first step (pointers only go to
 * later steps, so order is a topological order), one End node beside the last row, and steps no path
 * reaches on a row of their own. Paths from one step to the same target share an edge whose label lists
 * them ('Any outcome' for all three).
 */
export function diagramGraph(steps: SequenceStep[]): { nodes: DiagramNode[]; edges: DiagramEdge[] } {
  const ordered = [...steps].sort((a, b) => a.order - b.order);
  const known = new Set(ordered.map((s) => s.id));
  const level = new Map<string, number>();
  if (ordered[0]) level.set(ordered[0].id, 0);
  const edges: DiagramEdge[] = [];
  for (const step of ordered) {
    const grouped = new Map<string, string[]>();
    for (const path of pathsOf(step)) {
      const target = known.has(path.target) ? path.target : END_NODE_ID;
      grouped.set(target, [...(grouped.get(target) ?? []), path.label]);
    }
    for (const [target, labels] of grouped) {
      const label = labels.length === REACTION_BRANCHES.length ? 'Any outcome' : labels.join(' / ');
      edges.push({ id: `${step.id}->${target}`, source: step.id, target, label });
      const from = level.get(step.id);
      if (from !== undefined && target !== END_NODE_ID) {
        level.set(target, Math.max(level.get(target) ?? 0, from + 1));
      }
    }
  }
  const deepest = Math.max(-1, ...level.values());
  const rows = new Map<number, SequenceStep[]>();
  for (const step of ordered) {
    const row = level.get(step.id) ?? deepest + 2;
    rows.set(row, [...(rows.get(row) ?? []), step]);
  }
  const nodes: DiagramNode[] = [];
  for (const [row, members] of rows) {
    members.forEach((step, i) => {
      nodes.push({
        id: step.id,
        label: `${step.order}. ${step.name}`,
        kind: step.stepType,
        x: (i - (members.length - 1) / 2) * COLUMN,
        y: row * ROW,
        unreached: !level.has(step.id),
      });
    });
  }
  if (edges.some((e) => e.target === END_NODE_ID)) {
    // Beside the steps rather than under them, so paths to it do not run through other steps.
    nodes.push({
      id: END_NODE_ID,
      label: 'End sequence',
      kind: 'end',
      x: Math.max(0, ...nodes.map((n) => n.x)) + COLUMN,
      y: (deepest + 1) * ROW,
      unreached: false,
    });
  }
  return { nodes, edges };
}
