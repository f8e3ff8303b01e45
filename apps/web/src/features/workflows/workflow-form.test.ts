import { describe, expect, it } from 'vitest';
import { basicsProblem, EMPTY_WORKFLOW_FORM, listsProblem, toWorkflowBody } from './workflow-form';

describe('workflow form', () => {
  it('asks for a name and, when scheduled, a start, naming the field to scroll to', () => {
    expect(basicsProblem({ ...EMPTY_WORKFLOW_FORM, name: '   ' })).toEqual({
      field: 'name',
      message: 'Please enter a workflow name',
    });
    expect(basicsProblem({ ...EMPTY_WORKFLOW_FORM, name: 'A', startStrategy: 'scheduled' })).toEqual({
      field: 'startAt',
      message: 'Please choose a start date and time',
    });
    expect(basicsProblem({ ...EMPTY_WORKFLOW_FORM, name: 'A' })).toBeNull();
    expect(listsProblem(EMPTY_WORKFLOW_FORM)).toEqual({
      field: 'emailListIds',
      message: 'Please select at least one email list',
    });
  });

  it('checks the end date of a recurring workflow on the first step, not only at the end', () => {
    const weekly = { ...EMPTY_WORKFLOW_FORM, name: 'A', frequencyType: 'weeks' as const, hasEndDate: true };
    expect(basicsProblem(weekly)).toEqual({ field: 'endAt', message: 'Please choose an end date and time' });
    expect(
      basicsProblem({
        ...weekly,
        startStrategy: 'scheduled',
        startAt: '2030-02-01T09:00',
        endAt: '2030-01-01T09:00',
      }),
    ).toEqual({ field: 'endAt', message: 'End date must be after the start date' });
    expect(basicsProblem({ ...weekly, endAt: '2030-01-01T09:00' })).toBeNull();
    // A one-off run has no end date, whatever the hidden checkbox says.
    expect(basicsProblem({ ...weekly, frequencyType: 'once' })).toBeNull();
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
