import {
  CLICKED_BRANCH,
  REACTION_BRANCHES,
  REACTIONS,
  type Reaction,
  type Sequence,
  type SequenceStep,
} from '@prospector/contracts';

/** What the sequence tracks, which decides the branches its send steps offer. */
export type SequenceTracking = Pick<Sequence, 'trackOpens' | 'trackClicks'>;

export type ReactionBranch = ((typeof REACTION_BRANCHES)[number] | typeof CLICKED_BRANCH) & { label: string };

const LABELS: Record<Reaction, string> = {
  not_opened: 'Not opened',
  opened_no_reply: 'Opened, no reply',
  clicked: 'Clicked (no reply)',
  replied: 'Replied',
};

/** A branch's name: without open tracking, "Not opened" is taken by every contact who did not reply. */
export function reactionLabel(reaction: Reaction, trackOpens: boolean): string {
  return reaction === 'not_opened' && !trackOpens ? 'No reply' : LABELS[reaction];
}

const ALL_BRANCHES = [...REACTION_BRANCHES, CLICKED_BRANCH].sort(
  (a, b) => REACTIONS.indexOf(a.reaction) - REACTIONS.indexOf(b.reaction),
);

/**
 * The branches a send step offers, in the order they are shown: "Opened, no reply" only when the sequence
 * tracks opens, "Clicked (no reply)" only when the step branches on click.
 */
export function reactionBranches(
  step: Pick<SequenceStep, 'branchOnClick'>,
  trackOpens: boolean,
): ReactionBranch[] {
  return ALL_BRANCHES.filter(
    (branch) =>
      (branch.reaction !== 'opened_no_reply' || trackOpens) &&
      (branch.reaction !== 'clicked' || step.branchOnClick),
  ).map((branch) => ({ ...branch, label: reactionLabel(branch.reaction, trackOpens) }));
}
