import type { SequenceStep } from '@prospector/contracts';
import { describe, expect, it } from 'vitest';
import {
  type DiagramNode,
  diagramGraph,
  END_NODE_ID,
  labelSize,
  NODE_HEIGHT,
  NODE_WIDTH,
  type Point,
} from './diagram-layout';

function step(id: string, order: number, fields: Partial<SequenceStep> = {}): SequenceStep {
  return {
    id,
    sequenceId: 'seq',
    stepType: 'send_email',
    name: `Step ${order}`,
    order,
    delayDays: 1,
    sendHour: 9,
    sendMinute: 0,
    reactionWindowHours: 48,
    reactionWindowMinutes: 0,
    templateId: 't',
    skipWeekends: false,
    threadWithPrevious: true,
    notOpenedStepId: null,
    notOpenedWaitDays: null,
    openedNoReplyStepId: null,
    openedNoReplyWaitDays: null,
    repliedStepId: null,
    repliedWaitDays: null,
    branchOnClick: false,
    clickedStepId: null,
    clickedWaitDays: null,
    waitValue: null,
    waitUnit: null,
    nextActionType: null,
    nextActionStepId: null,
    personaId: null,
    abTest: {
      metric: 'reply_rate',
      autoWinner: false,
      confidence: 95,
      minSendsPerVariant: 200,
      maxSendsPerVariant: 10_000,
      status: 'running',
      winner: null,
    },
    createdAt: '',
    updatedAt: '',
    ...fields,
  };
}

describe('diagramGraph', () => {
  it('draws the three outcomes of a send, sharing one edge per target, and one End node', () => {
    const steps = [
      step('a', 1, { notOpenedStepId: 'b', notOpenedWaitDays: 2, openedNoReplyStepId: 'b' }),
      step('b', 2, { stepType: 'wait', templateId: null, waitValue: 3, waitUnit: 'days' }),
    ];
    const { nodes, edges } = diagramGraph(steps);
    expect(edges.map(({ id, source, target, label }) => ({ id, source, target, label }))).toEqual([
      { id: 'a->b', source: 'a', target: 'b', label: 'Not opened (2d) / Opened, no reply' },
      { id: `a->${END_NODE_ID}`, source: 'a', target: END_NODE_ID, label: 'Replied' },
      { id: `b->${END_NODE_ID}`, source: 'b', target: END_NODE_ID, label: 'After 3 days' },
    ]);
    const y = Object.fromEntries(nodes.map((n) => [n.id, n.y]));
    expect(y.a).toBeLessThan(y.b!);
    expect(y.b).toBeLessThan(y[END_NODE_ID]!);
  });

  it('puts a step no path leads to on its own row, marked unreached', () => {
    const { nodes } = diagramGraph([step('a', 1), step('b', 2)]);
    const b = nodes.find((n) => n.id === 'b');
    const end = nodes.find((n) => n.id === END_NODE_ID);
    expect(b?.unreached).toBe(true);
    expect(b!.y).toBeGreaterThan(end!.y);
    expect(nodes.find((n) => n.id === 'a')?.unreached).toBe(false);
  });

  it('places a step at its longest distance from the first one', () => {
    const steps = [
      step('a', 1, { notOpenedStepId: 'b', repliedStepId: 'c' }),
      step('b', 2, { notOpenedStepId: 'c' }),
      step('c', 3),
    ];
    const y = Object.fromEntries(diagramGraph(steps).nodes.map((n) => [n.id, n.y]));
    expect(y.c).toBeGreaterThan(y.b!);
  });

  it('has nothing to draw without steps', () => {
    expect(diagramGraph([])).toEqual({ nodes: [], edges: [], size: { width: 0, height: 0 } });
  });
});

describe('diagramGraph labels', () => {
  it('names a path every outcome takes "Any outcome"', () => {
    const steps = [
      step('a', 1, { notOpenedStepId: 'b', openedNoReplyStepId: 'b', repliedStepId: 'b' }),
      step('b', 2),
    ];
    expect(diagramGraph(steps).edges[0]).toMatchObject({
      id: 'a->b',
      source: 'a',
      target: 'b',
      label: 'Any outcome',
    });
  });

  it('routes every edge around the boxes and gives every label a place clear of them', () => {
    // The reported case: Replied ends the sequence from step 1 while the other outcomes go on to step 2.
    const steps = [
      step('a', 1, { notOpenedStepId: 'b', openedNoReplyStepId: 'b' }),
      step('b', 2, { notOpenedStepId: 'c', openedNoReplyStepId: 'c', repliedStepId: 'c' }),
      step('c', 3, {
        stepType: 'wait',
        templateId: null,
        waitValue: 1,
        waitUnit: 'days',
        nextActionStepId: 'd',
      }),
      step('d', 4),
    ];
    const { nodes, edges } = diagramGraph(steps);
    const inside = (p: Point, n: DiagramNode, margin = 1) =>
      p.x > n.x + margin &&
      p.x < n.x + NODE_WIDTH - margin &&
      p.y > n.y + margin &&
      p.y < n.y + NODE_HEIGHT - margin;
    for (const edge of edges) {
      expect(edge.label).not.toBe('');
      const others = nodes.filter((n) => n.id !== edge.source && n.id !== edge.target);
      for (let i = 1; i < edge.points.length; i++) {
        const [from, to] = [edge.points[i - 1] as Point, edge.points[i] as Point];
        for (let t = 0; t <= 1; t += 0.02) {
          const p = { x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t };
          for (const node of others) expect(inside(p, node), `${edge.id} crosses ${node.id}`).toBe(false);
        }
      }
      const { width, height } = labelSize(edge.label);
      const corners = [-1, 1].flatMap((dx) =>
        [-1, 1].map((dy) => ({
          x: edge.labelAt.x + (dx * width) / 2,
          y: edge.labelAt.y + (dy * height) / 2,
        })),
      );
      for (const node of nodes) {
        for (const corner of [...corners, edge.labelAt]) {
          expect(inside(corner, node, 0), `label of ${edge.id} on ${node.id}`).toBe(false);
        }
      }
    }
    expect(edges.find((e) => e.id === `a->${END_NODE_ID}`)?.label).toBe('Replied');
    // The drawing's size holds every label, so fitting the view to it shows them all.
    const { size } = diagramGraph(steps);
    for (const edge of edges) {
      const { width } = labelSize(edge.label);
      expect(edge.labelAt.x - width / 2).toBeGreaterThanOrEqual(0);
      expect(edge.labelAt.x + width / 2).toBeLessThanOrEqual(size.width);
    }
  });
});

describe('diagramGraph with click and open tracking', () => {
  const edgesOf = (steps: SequenceStep[], trackOpens?: boolean) =>
    diagramGraph(steps, trackOpens).edges.map(({ id, label }) => ({ id, label }));

  it('draws the clicked branch of a step that branches on click', () => {
    const steps = [
      step('a', 1, { branchOnClick: true, clickedStepId: 'b', clickedWaitDays: 1 }),
      step('b', 2),
    ];
    expect(edgesOf(steps)).toEqual([
      { id: `a->${END_NODE_ID}`, label: 'Not opened / Opened, no reply / Replied' },
      { id: 'a->b', label: 'Clicked (no reply) (1d)' },
      { id: `b->${END_NODE_ID}`, label: 'Any outcome' },
    ]);
    expect(diagramGraph(steps).nodes.find((n) => n.id === 'b')?.unreached).toBe(false);
  });

  it('ignores a clicked target the step does not branch on', () => {
    const steps = [step('a', 1, { branchOnClick: false, clickedStepId: 'b' }), step('b', 2)];
    expect(edgesOf(steps)).toEqual([
      { id: `a->${END_NODE_ID}`, label: 'Any outcome' },
      { id: `b->${END_NODE_ID}`, label: 'Any outcome' },
    ]);
    expect(diagramGraph(steps).nodes.find((n) => n.id === 'b')?.unreached).toBe(true);
  });

  it('names a path "Any outcome" only when the clicked branch goes there too', () => {
    const all = { notOpenedStepId: 'b', openedNoReplyStepId: 'b', repliedStepId: 'b' };
    expect(edgesOf([step('a', 1, { ...all, branchOnClick: true }), step('b', 2)])[0]).toEqual({
      id: 'a->b',
      label: 'Not opened / Opened, no reply / Replied',
    });
    expect(
      edgesOf([step('a', 1, { ...all, branchOnClick: true, clickedStepId: 'b' }), step('b', 2)])[0],
    ).toEqual({ id: 'a->b', label: 'Any outcome' });
  });

  it('shows "No reply" and no opened path when the sequence does not track opens', () => {
    const steps = [
      step('a', 1, { notOpenedStepId: 'b', notOpenedWaitDays: 2, openedNoReplyStepId: 'c' }),
      step('b', 2),
      step('c', 3),
    ];
    expect(edgesOf(steps, false)).toEqual([
      { id: 'a->b', label: 'No reply (2d)' },
      { id: `a->${END_NODE_ID}`, label: 'Replied' },
      { id: `b->${END_NODE_ID}`, label: 'Any outcome' },
      { id: `c->${END_NODE_ID}`, label: 'Any outcome' },
    ]);
    expect(diagramGraph(steps, false).nodes.find((n) => n.id === 'c')?.unreached).toBe(true);
    expect(edgesOf(steps, true)[1]).toEqual({ id: 'a->c', label: 'Opened, no reply' });
  });
});
