export type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A request that changes data, with a body the route accepts as it stands. */
export interface WriteRequest {
  method: Method;
  url: string;
  body: Record<string, unknown>;
  /** The route cleans forbidden text out of its body instead of refusing it (imported rows). */
  cleans?: boolean;
}

/** One record of each kind, owned by the user the requests are sent as. */
export interface CatalogueIds {
  list: string;
  otherList: string;
  contact: string;
  template: string;
  sequence: string;
  step: string;
  /** Variant B of `step`. */
  variant: string;
  workflow: string;
  mailbox: string;
  workspace: string;
}

const LEAD = {
  id: 'lead-1',
  name: 'Ada Lovelace',
  first_name: 'Ada',
  last_name: 'Lovelace',
  title: 'CTO',
  headline: 'Engineering',
  email: 'ada@example.com',
  linkedin_url: 'https://www.linkedin.com/in/ada',
  city: 'Berlin',
  state: 'Berlin',
  country: 'Germany',
  organization: {
    id: 'org-1',
    name: 'Analytical',
    website_url: 'https://analytical.example',
    industry: 'Software',
  },
};

export const WORKFLOW = {
  name: 'Monthly Lead Discovery',
  description: 'Marketing managers in software',
  startStrategy: 'immediately',
  startAt: null,
  frequencyType: 'once',
  frequencyInterval: 1,
  isEndless: true,
  endAt: null,
  criteria: {
    jobTitles: ['Marketing Manager'],
    locations: ['Berlin'],
    locationType: 'contact',
    industries: [],
  },
  leadLimit: 25,
  status: 'draft',
};

/**
 * A valid body for every route that writes: the material that hostile-input tests and the API fuzz mutate,
 * one string at a time, to prove that no text a client can send breaks the server.
 */
export function writeCatalogue({
  list,
  otherList,
  contact,
  template,
  sequence,
  step,
  variant,
  workflow,
  mailbox,
  workspace,
}: CatalogueIds): WriteRequest[] {
  return [
    {
      method: 'POST',
      url: '/api/personas',
      body: { name: 'VPs', industry: 'Software', jobTitle: 'VP', location: 'Paris', description: 'Notes' },
    },
    { method: 'PATCH', url: `/api/personas/${list}`, body: { name: 'CTOs', description: 'Updated' } },
    { method: 'POST', url: `/api/personas/${list}/contacts`, body: { contactId: contact } },
    {
      method: 'POST',
      url: `/api/personas/${otherList}/move-contacts`,
      body: { contactIds: [contact], sourcePersonaId: list },
    },
    {
      method: 'POST',
      url: `/api/personas/${list}/import-contacts`,
      body: { rows: [{ email: 'row@example.com', firstName: 'Row', tags: ['csv'] }] },
      cleans: true,
    },
    { method: 'POST', url: `/api/personas/${list}/search-apollo`, body: { page: 1, per_page: 10 } },
    {
      method: 'POST',
      url: '/api/contacts',
      body: {
        email: 'new@example.com',
        firstName: 'New',
        lastName: 'Lead',
        title: 'CTO',
        tags: ['vip'],
        metadata: { source: 'form' },
        personaId: list,
      },
    },
    {
      method: 'PATCH',
      url: `/api/contacts/${contact}`,
      body: { firstName: 'Grace', organizationName: 'Navy', city: 'Arlington', tags: ['a'] },
    },
    {
      method: 'POST',
      url: '/api/templates',
      body: { name: 'Hello', subject: 'Hi {{first_name}}', htmlBody: '<p>Hello</p>' },
    },
    {
      method: 'PATCH',
      url: `/api/templates/${template}`,
      body: { name: 'Intro 2', subject: 'Hey', htmlBody: '<p>Hey</p>' },
    },
    {
      method: 'POST',
      url: '/api/templates/preview',
      body: { subject: 'Hi {{first_name}}', htmlBody: '<p>Hi</p>' },
    },
    { method: 'POST', url: '/api/templates/plain-text', body: { htmlBody: '<p>Hi</p>' } },
    {
      method: 'POST',
      url: '/api/templates/ai-generate',
      body: { subject: 'Our product', outline: 'Introduce our product' },
    },
    {
      method: 'POST',
      url: '/api/sequences',
      body: { name: 'Outreach', description: 'Cold', timezone: 'Europe/Paris' },
    },
    {
      method: 'PATCH',
      url: `/api/sequences/${sequence}`,
      body: { name: 'Renamed', description: 'Warm', timezone: 'UTC' },
    },
    {
      method: 'POST',
      url: `/api/sequences/${sequence}/steps`,
      body: { stepType: 'wait', name: 'Pause', waitValue: 2, waitUnit: 'days' },
    },
    { method: 'PATCH', url: `/api/steps/${step}`, body: { name: 'First email' } },
    {
      method: 'PATCH',
      url: `/api/steps/${step}`,
      body: { abTest: { metric: 'open_rate', autoWinner: true } },
    },
    { method: 'POST', url: `/api/steps/${step}/variants`, body: { templateId: template, weight: 40 } },
    { method: 'PATCH', url: `/api/steps/${step}/variants/${variant}`, body: { templateId: template } },
    { method: 'POST', url: `/api/sequences/${sequence}/add-email-list`, body: { personaId: list } },
    { method: 'POST', url: `/api/sequences/${sequence}/contacts`, body: { contactIds: [contact] } },
    { method: 'POST', url: '/api/workflows', body: WORKFLOW },
    { method: 'PATCH', url: `/api/workflows/${workflow}`, body: { name: 'Weekly', description: 'Changed' } },
    { method: 'POST', url: `/api/workflows/${workflow}/steps`, body: { name: 'Add', emailListIds: [list] } },
    { method: 'PATCH', url: `/api/gmail/accounts/${mailbox}`, body: { dailyLimit: 40 } },
    { method: 'POST', url: '/api/gmail/set-default', body: { accountId: mailbox } },
    { method: 'PUT', url: '/api/settings/contacts', body: { maxContinuousNotOpens: 3 } },
    { method: 'POST', url: '/api/suppressions', body: { value: 'blocked.example', note: 'Asked by phone' } },
    {
      method: 'PUT',
      url: '/api/settings/assistant',
      body: { about: 'We sell widgets.', tone: 'friendly', autoDraftStatuses: ['interested'] },
    },
    { method: 'PUT', url: `/api/sequences/${sequence}/assistant-note`, body: { note: 'Pilot offer' } },
    { method: 'POST', url: '/api/inbox/labels', body: { name: 'Partner', color: '#22c55e' } },
    {
      method: 'POST',
      url: '/api/inbox/conversations/status',
      body: { conversationIds: ['00000000-0000-4000-8000-000000000000'], leadStatus: 'interested' },
    },
    { method: 'PUT', url: '/api/integrations/apollo', body: { apiKey: 'good-key-1234' } },
    { method: 'POST', url: '/api/apollo/search', body: { query: 'sal', filterType: 'person_title' } },
    {
      method: 'POST',
      url: '/api/apollo/leads-search',
      body: { personTitles: ['CTO'], locations: ['Berlin'], page: 1 },
    },
    { method: 'POST', url: '/api/apollo/reveal-email', body: { personId: 'person-1' } },
    { method: 'POST', url: '/api/apollo/add-to-persona', body: { personaId: list, leads: [LEAD] } },
    { method: 'POST', url: '/api/api-keys', body: { name: 'CRM sync', scopes: ['contacts:read'] } },
    {
      method: 'POST',
      url: '/api/webhooks',
      body: { url: 'https://hooks.example.com/in', eventTypes: ['email.sent'], description: 'CRM' },
    },
    { method: 'POST', url: '/api/workspaces', body: { name: 'Client workspace' } },
    { method: 'PATCH', url: `/api/workspaces/${workspace}`, body: { name: 'Renamed workspace' } },
    {
      method: 'POST',
      url: '/api/auth/change-password',
      body: { currentPassword: 'first-password-1', newPassword: 'second-password-2' },
    },
  ];
}

/** Every path to a string in a JSON value (keys included, as a path ending in the key with `key: true`). */
export function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringPaths(item, [...path, i]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  }
  return [];
}

/** A copy of `body` with the string at `path` replaced (or, for an empty path, a new field added). */
export function withString(body: Record<string, unknown>, path: (string | number)[], text: string) {
  const copy = structuredClone(body);
  if (path.length === 0) return { ...copy, [text.slice(0, 20) || 'field']: text };
  let node = copy as Record<string | number, unknown>;
  for (const part of path.slice(0, -1)) node = node[part] as Record<string | number, unknown>;
  node[path.at(-1) as string | number] = text;
  return copy;
}

/** Percent-encodes text as a hostile client would, lone surrogates included (as their 3-byte WTF-8 form). */
export function percentEncode(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    if (code < 0xd800 || code > 0xdfff) out += encodeURIComponent(char);
    else {
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
      out += bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    }
  }
  return out;
}
