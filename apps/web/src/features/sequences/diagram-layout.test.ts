import type { SequenceStep } from '@prospector/contracts';
import { describe, expect, it } from 'vitest';
import { diagramGraph, END_NODE_ID } from './diagram-layout';

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
    waitValue: null,
    waitUnit: null,
    nextActionType: null,
    nextActionStepId: null,
    personaId: null,
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
    expect(edges).toEqual([
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
    expect(diagramGraph([])).toEqual({ nodes: [], edges: [] });
  });
});

describe('diagramGraph labels', () => {
  it('names a path every outcome takes "Any outcome"', () => {
    const steps = [
      step('a', 1, { notOpenedStepId: 'b', openedNoReplyStepId: 'b', repliedStepId: 'b' }),
      step('b', 2),
    ];
    expect(diagramGraph(steps).edges[0]).toEqual({
      id: 'a->b',
      source: 'a',
      target: 'b',
      label: 'Any outcome',
    });
  });

  it('puts End beside the steps, never under one of them', () => {
    const { nodes } = diagramGraph([step('a', 1)]);
    const end = nodes.find((n) => n.id === END_NODE_ID);
    expect(end!.x).toBeGreaterThan(Math.max(...nodes.filter((n) => n.kind !== 'end').map((n) => n.x)));
  });
});
