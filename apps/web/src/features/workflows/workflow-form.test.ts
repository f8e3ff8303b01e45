import { describe, expect, it } from 'vitest';
import { basicsProblem, EMPTY_WORKFLOW_FORM, listsProblem, toWorkflowBody } from './workflow-form';

describe('workflow form', () => {
  it('asks for a name and, when scheduled, a start', () => {
    expect(basicsProblem({ ...EMPTY_WORKFLOW_FORM, name: '   ' })).toBe('Please enter a workflow name');
    expect(basicsProblem({ ...EMPTY_WORKFLOW_FORM, name: 'A', startStrategy: 'scheduled' })).toBe(
      'Please choose a start date and time',
    );
    expect(basicsProblem({ ...EMPTY_WORKFLOW_FORM, name: 'A' })).toBeNull();
    expect(listsProblem(EMPTY_WORKFLOW_FORM)).toBe('Please select at least one email list');
  });

  it('builds the body: limits capped, intervals defaulted, custom industries apart from ids', () => {
    const body = toWorkflowBody(
      {
        ...EMPTY_WORKFLOW_FORM,
        name: ' Weekly ',
        frequencyType: 'weeks',
        frequencyInterval: 'abc',
        leadLimit: '900',
        hasEndDate: true,
        endAt: '2030-01-01T10:00',
        industries: [
          { id: 'ind-1', name: 'Computer Software' },
          { id: null, name: 'fintech' },
        ],
      },
      'active',
    );
    expect(body).toMatchObject({
      name: 'Weekly',
      frequencyInterval: 1,
      leadLimit: 500,
      isEndless: false,
      status: 'active',
      criteria: {
        industries: ['ind-1'],
        industryNames: ['fintech'],
        industryLabels: { 'ind-1': 'Computer Software' },
      },
    });
    expect(new Date(body.endAt as string).getFullYear()).toBe(2030);
    expect(toWorkflowBody({ ...EMPTY_WORKFLOW_FORM, leadLimit: 'x' }, 'draft')).toMatchObject({
      leadLimit: 1,
      isEndless: true,
      endAt: null,
    });
  });
});
