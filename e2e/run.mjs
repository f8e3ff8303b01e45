// `npm run test:e2e [-- <name filter>]`: the browser flows in Debian's Chromium against the built
// app on a throwaway PGlite database. Builds first if needed, saves a screenshot of each screen to
// e2e/screenshots/, the server's log to e2e/test-results/server.log, and exits non-zero on any failure.
// The flows run in shards (E2E_SHARDS, 2 by default; lib/shards.mjs), each with its own server, database and log.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt, root } from '../scripts/build-state.mjs';
import abTests from './flows/ab-tests.mjs';
import apiWebhooks from './flows/api-webhooks.mjs';
import assistant from './flows/assistant.mjs';
import auth from './flows/auth.mjs';
import campaigns from './flows/campaigns.mjs';
import checks from './flows/checks.mjs';
import clicks from './flows/clicks.mjs';
import contactsAndSignIn from './flows/contacts-and-sign-in.mjs';
import engine from './flows/engine.mjs';
import firstHour from './flows/first-hour.mjs';
import inbox from './flows/inbox.mjs';
import leads from './flows/leads.mjs';
import listsAndContacts from './flows/lists-and-contacts.mjs';
import longText from './flows/long-text.mjs';
import mailboxCampaign from './flows/mailbox-campaign.mjs';
import mailboxProviders from './flows/mailbox-providers.mjs';
import mailboxRecovery from './flows/mailbox-recovery.mjs';
import mailboxes from './flows/mailboxes.mjs';
import newcomerCampaign from './flows/newcomer-campaign.mjs';
import password from './flows/password.mjs';
import personalisation from './flows/personalisation.mjs';
import phone from './flows/phone.mjs';
import polish from './flows/polish.mjs';
import senderHealth from './flows/sender-health.mjs';
import sendingLimits from './flows/sending-limits.mjs';
import sequences from './flows/sequences.mjs';
import shell from './flows/shell.mjs';
import suppressions from './flows/suppressions.mjs';
import team from './flows/team.mjs';
import templates from './flows/templates.mjs';
import timeZones from './flows/time-zones.mjs';
import tracking from './flows/tracking.mjs';
import trackingDomain from './flows/tracking-domain.mjs';
import workflows from './flows/workflows.mjs';
import { animationsSettled } from './lib/animations.mjs';
import { launchBrowser, newContext } from './lib/browser.mjs';
import { startChatStub } from './lib/chat-stub.mjs';
import { startDnsServer } from './lib/dns-server.mjs';
import { mailServerEnv, startFlowMailServer } from './lib/mail-server.mjs';
import { startServer } from './lib/server.mjs';
import {
  currentShard,
  longestFirst,
  nextFileIndex,
  runShards,
  SERVER_UP,
  shardCount,
} from './lib/shards.mjs';

const FLOW_TIMEOUT_MS = 90_000;
const screenshots = join(root, 'e2e/screenshots');
const results = join(root, 'e2e/test-results');
const filter = process.argv[2]?.toLowerCase();
/** Flows of one file share what they set up, so a file's flows always run together, in order. */
const files = [
  auth,
  password,
  shell,
  templates,
  mailboxes,
  mailboxProviders,
  mailboxCampaign,
  listsAndContacts,
  longText,
  workflows,
  sendingLimits,
  timeZones,
  leads,
  tracking,
  trackingDomain,
  suppressions,
  clicks,
  sequences,
  engine,
  polish,
  mailboxRecovery,
  senderHealth,
  abTests,
  inbox,
  assistant,
  apiWebhooks,
  contactsAndSignIn,
  personalisation,
  campaigns,
  checks,
  newcomerCampaign,
  firstHour,
  phone,
  team,
];
const matches = (flow) => !filter || flow.name.includes(filter);
const matchingFiles = files.map((file) => file.filter(matches)).filter((file) => file.length > 0);

const shard = currentShard();
if (!shard) {
  try {
    ensureBuilt();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  rmSync(screenshots, { recursive: true, force: true });
  mkdirSync(screenshots, { recursive: true });
  mkdirSync(results, { recursive: true });
  const count = Math.min(shardCount(), matchingFiles.length);
  if (count > 1) {
    const queue = longestFirst(matchingFiles);
    process.exit(
      await runShards({ script: fileURLToPath(import.meta.url), args: process.argv.slice(2), count, queue }),
    );
  }
}

/** The flows this process runs: a shard's come file by file from the process that started it. */
async function* flowsToRun() {
  if (!shard) {
    yield* matchingFiles.flat();
    return;
  }
  for (let index = await nextFileIndex(); index !== null; index = await nextFileIndex()) {
    yield* matchingFiles[index];
  }
  process.disconnect();
}
/** Screenshots and the server log of a shard carry its number, so shards never write over each other. */
const shardPrefix = shard ? `${shard.index}-` : '';
const serverLog = `server${shard ? `-${shard.index}` : ''}.log`;

const chat = await startChatStub();
const dns = await startDnsServer();
const mail = await startFlowMailServer();
const server = await startServer({
  root,
  entry: join(root, 'apps/server/dist/main.js'),
  env: {
    CHAT_WIDGET_URL: chat.url,
    LOG_LEVEL: 'info',
    REPLY_POLL_SECONDS: '5',
    // The webhook flow's receiver listens on loopback.
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    // Tracking domains' CNAMEs and the list check's MX lookups go to the flows' own DNS server.
    DNS_SERVERS: dns.address,
    ...mailServerEnv(mail),
  },
  logFile: join(results, serverLog),
  // A new database migrates on start; on a busy machine that has taken over a minute.
  timeoutMs: 180_000,
});
const browser = await launchBrowser();
let cleaning;
/**
 * Stops everything once, however many times it is asked (a flow's end, a signal, an uncaught error): a second
 * call gets the first's promise, and a stop that throws at once is settled like one that rejects, so an error
 * while stopping never leads back here.
 */
const cleanUp = () => {
  cleaning ??= Promise.allSettled(
    [() => browser.close(), () => server.stop(), () => chat.stop(), () => dns.stop(), () => mail?.stop()].map(
      (stop) => Promise.resolve().then(stop),
    ),
  );
  return cleaning;
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await cleanUp();
    process.exit(130);
  });
}
// An error thrown outside a flow's own promise (in a route handler, say) must not leave the server running.
let dying = false;
for (const event of ['uncaughtException', 'unhandledRejection']) {
  process.on(event, async (error) => {
    console.error(error);
    if (dying) return;
    dying = true;
    await cleanUp();
    process.exit(1);
  });
}
console.log(`${SERVER_UP} ${server.url}, chat stub at ${chat.url}, Chromium ${browser.version()}`);

let shotNumber = 0;
let userNumber = 0;
let resident;
const runId = Date.now().toString(36);

/** One user for the flows that only look around, so the register rate limit is not spent on them. */
async function residentUser() {
  resident ??= (async () => {
    const user = newUser('resident');
    const { context } = await newContext(browser, { baseURL: server.url });
    await register(context, user);
    const { cookies } = await context.storageState();
    await context.close();
    return { ...user, cookies };
  })();
  return resident;
}

function newUser(label) {
  userNumber += 1;
  return {
    fullName: `E2E ${label[0].toUpperCase()}${label.slice(1)} User`,
    email: `e2e-${label}-${runId}-${userNumber}@example.com`,
    password: 'first-password-1',
    newPassword: 'second-password-2',
  };
}

async function register(context, user) {
  const { fullName, email, password } = user;
  const response = await context.request.post('/api/auth/register', { data: { fullName, email, password } });
  if (response.status() !== 201) {
    throw new Error(`register ${email}: ${response.status()} ${await response.text()}`);
  }
}

async function runFlow(flow) {
  const opened = [];
  const t = {
    baseURL: server.url,
    server,
    chat,
    dns,
    mail,
    newUser,
    register,
    residentUser,
    async registerElsewhere(user) {
      const { context } = await newContext(browser, { baseURL: server.url });
      await register(context, user);
      await context.close();
    },
    async open({ signedIn = false, userAgent } = {}) {
      const storageState = signedIn ? { cookies: (await residentUser()).cookies, origins: [] } : undefined;
      const { context, problems } = await newContext(browser, {
        baseURL: server.url,
        storageState,
        userAgent,
      });
      opened.push({ context, problems });
      return { context, page: await context.newPage() };
    },
    async shot(page, name) {
      await animationsSettled(page);
      shotNumber += 1;
      await page.screenshot({
        path: join(screenshots, `${shardPrefix}${String(shotNumber).padStart(2, '0')}-${name}.png`),
      });
    },
  };

  const started = Date.now();
  let error;
  let timer;
  try {
    const timeout = new Promise((_, reject) => {
      const limit = flow.timeoutMs ?? FLOW_TIMEOUT_MS;
      timer = setTimeout(() => reject(new Error(`timed out after ${limit} ms`)), limit);
    });
    await Promise.race([flow.run(t), timeout]);
  } catch (caught) {
    error = caught;
  } finally {
    clearTimeout(timer);
  }
  const problems = opened.flatMap((entry) => entry.problems);
  if (!error && problems.length > 0) error = new Error(problems.join('\n'));
  if (error) await saveFailureScreens(flow.name, opened);
  await Promise.allSettled(opened.map(({ context }) => context.close()));
  return { name: flow.name, ms: Date.now() - started, error };
}

/** A picture of every page a failed flow left open, so its last screen is seen. */
async function saveFailureScreens(name, opened) {
  const slug = name.replace(/\W+/g, '-');
  const pages = opened.flatMap(({ context }) => context.pages());
  await Promise.allSettled(
    pages.map((page, i) =>
      page.screenshot({ path: join(screenshots, `FAILED-${shardPrefix}${slug}-${i + 1}.png`) }),
    ),
  );
}

const outcomes = [];
try {
  for await (const flow of flowsToRun()) {
    const outcome = await runFlow(flow);
    outcomes.push(outcome);
    const seconds = (outcome.ms / 1000).toFixed(1);
    if (outcome.error) {
      console.log(`  ✗ ${flow.name} (${seconds} s)`);
      console.log(
        `    ${String(outcome.error.stack ?? outcome.error)
          .split('\n')
          .slice(0, 8)
          .join('\n    ')}`,
      );
    } else {
      console.log(`  ✓ ${flow.name} (${seconds} s)`);
    }
  }
} finally {
  await cleanUp();
}

const failed = outcomes.filter((outcome) => outcome.error).length;
console.log(`Screenshots: e2e/screenshots/ (${shotNumber}); server log: e2e/test-results/${serverLog}`);
console.log(`e2e: ${outcomes.length - failed} passed, ${failed} failed`);
process.exit(failed > 0 || outcomes.length === 0 ? 1 : 0);
