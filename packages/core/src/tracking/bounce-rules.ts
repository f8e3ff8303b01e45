/**
 * What real delivery reports look like, as data. Each rule names the sample it was written for (Sisimai's
 * set-of-emails maildir/bsd by file name, BounceParser's corpus by name) or the standard (RFC 3463, RFC
 * 5321); `npm run bench:inbound` measures them on those corpora and others.
 */

import { MAILBOX_UNKNOWN_WORLDWIDE, SUSPENDED } from './bounce-vocabulary';

export type BounceClass = 'hard' | 'soft' | 'sender';

/** Local parts (and bare names) mail systems send reports from. */
export const DAEMON_SENDER =
  // lhost-qmail-01 (MAILER-DAEMON@), lhost-notes-01 (postmaster@), lhost-ezweb-01 (Postmaster@ezweb),
  // lhost-kddi-01 (mailer-daemon bare), lhost-biglobe-01 (post_master), lhost-x4-01 (mail.delivery.system)
  /^(mailer[-_.]?daemon|postmaster|post_master|mail\.?delivery\.?(system|subsystem)|mdaemon|mail-?router|smtp-?gateway|mail[-_.]?administrator|mail\.?admin|nobody|bounces?|returned-?mail|mailerror|mailmaster|daemon)(@|$)/i;

/**
 * Mailing-list managers, which write delivery notices about their members in prose: lhost-fml-02
 * ('neko-admin@'), and the list servers' own addresses (LISTSERV, Majordomo, Mailman, Sympa).
 */
export const LIST_MANAGER =
  /^([\w.-]+-(admin|owner|request|bounces)|owner-[\w.-]+|listserv|majordomo|mailman|sympa|ecartis|listproc|lyris)@/i;

/** Display names of reporting systems, whatever their address. */
export const DAEMON_NAME =
  // lhost-sendmail-01 'Mail Delivery Subsystem', lhost-exchange2003-01 'System Administrator',
  // lhost-gmail-01 'Mail Delivery Subsystem', lhost-postfix-01 'MAILER-DAEMON (Mail Delivery System)'
  /mail delivery (subsystem|system|service)|mailer[- ]daemon|postmaster|system administrator|mail administrator|delivery status notification|microsoft outlook|mail delivery|mail system/i;

/** Subjects of delivery reports in the languages and server families seen. */
export const BOUNCE_SUBJECT = [
  // lhost-exchange2007-01 'Undeliverable:', lhost-postfix-01 'Undelivered Mail Returned to Sender'
  /undeliver|undelivered|non[- ]?deliver|not (been )?delivered|could not be delivered|delivery (status notification|failure|failed|has failed|problem|notification|report)|mail delivery (failed|failure|subsystem)/i,
  // lhost-qmail-01 'failure notice', lhost-sendmail-01 'Returned mail: see transcript for details'
  /failure notice|returned mail|returned to sender|mail system error|message (not delivered|delivery failed|you sent blocked|rejected|bounced)|bounced mail|delivery error|rejected:|delivery failure|nondeliverable/i,
  // lhost-gmx-01 'Mail delivery failed: returning message to sender', lhost-x2-03 'failed delivery',
  // rfc3464-37 'mail failed, returning to sender', lhost-postfix-75 'Postfix SMTP server: errors from'
  /returning (message )?to sender|warning: could not send message|mail could not be delivered|failed delivery|failure delivery|mail failed|mail failure|smtp server: errors from|error sending your mail/i,
  // German (lhost-x1-01), French (rhost-franceptt-01), Spanish, Italian, Portuguese, Dutch
  /unzustellbar|nicht zustellbar|fehlgeschlagen|non remis|non distribuable|échec de (la )?remise|echec de (la )?remise|no se pudo entregar|no entregado|não (foi possível )?entregue|non recapitabile|onbestelbaar/i,
  // Japanese carriers and Chinese providers (lhost-ezweb-01, rhost-tencent-01)
  /配信|エラー|未達|送信できません|退信|未能送达|無法傳送|投递失败/,
];

/** Opening words of a report's own text (not the returned message) in prose-only reports. */
export const BOUNCE_BODY = [
  // lhost-qmail-01
  /i('| a)m afraid i wasn't able to deliver|this is a permanent error|i('ve| have) given up/i,
  // lhost-sendmail-01, lhost-postfix-01
  /could not be delivered to one or more recipients|the following address(es)? had permanent fatal errors|message could not be delivered|unable to deliver ((your|the) )?message|delivery to the following recipients? (failed|has failed)|your message (was not|wasn't|could not be|has not been) delivered|did not reach the following recipient/i,
  // lhost-exim-01 'This message was created automatically by mail delivery software', lhost-kddi-01
  // 'Could not be delivered to:'
  /created automatically by mail delivery software|could not be delivered to|delivery has failed to these recipients|failed permanently|delivery to the following recipient failed|the following recipient\(s\) could not be reached|undeliverable to the following/i,
  // lhost-exchange2003-01, lhost-domino-01, lhost-notes-01
  /failure reasons|was not delivered to|could not deliver (the )?message|message (was )?undeliverable|returned message|the original message was received at|recipients? (was|were) rejected by|has been rejected|user unknown|no such user/i,
  // French, German, Spanish, Japanese, Chinese prose (rhost-franceptt-01, lhost-x1-01, lhost-ezweb-01)
  /n'a pas pu être remis|ne peut pas être remis|konnte nicht zugestellt werden|nicht zugestellt|no pudo ser entregado|no se ha podido entregar|送信できませんでした|配信できませんでした|无法送达|無法送達/i,
];

/** Successful delivery notices (a report about a delivery, not a failure). */
// lhost-gmail-?? / rfc3464 'delivered' samples: Action: delivered / relayed / expanded, Status 2.x.x
export const DELIVERED_ACTION = /^(delivered|relayed|expanded)/i;

/** Delay notices: the server is still trying (Action: delayed, 4.x.x). */
export const DELAY_SUBJECT =
  // Gmail 'Delivery Status Notification (Delay)', sendmail 'Warning: could not send message for past 4 hours',
  // mail gateways' 'Mail Delivery Warning'
  /\(delay\)|delayed mail|delivery delayed|delivery warning|still being retried|warning: could not send message for past|delivery has been delayed|message delayed|zustellung verzögert|remise différée|retrasad/i;
export const DELAY_BODY =
  /has been delayed|delivery (is|has been) delayed|will (continue to )?(retry|try)|still trying|delivery attempts will continue|no action is required on your part|will keep trying/i;

export interface ReasonRule {
  class: BounceClass;
  pattern: RegExp;
}

/**
 * The reason of a failure by its words, checked in this order (the first that matches wins). A sender-side
 * rejection (policy, spam, authentication, reputation) means the address itself is fine.
 */
export const REASON_RULES: ReasonRule[] = [
  // A 4xx answer is temporary whatever its words (RFC 5321 4.2.1): '450 mailbox unavailable' is a busy one
  { class: 'soft', pattern: /\b4\d\d\b[^\n]{0,80}mailbox (unavailable|busy)/i },
  // Unmistakable unknown recipients, before the words they share with other rules (words naming the
  // address beat a generic code and the sender-side words said around them, decision 016): lhost-domino-01 'not
  // listed in Domino Directory', lhost-exim-30 / rhost-microsoft-02 'Recipient address rejected: Access
  // denied' (Office 365 for a mailbox that does not exist), rhost-apple-04 'inactive email address',
  // lhost-exchange2003-07 'The recipient name is not recognized', lhost-verizon-01 'No valid recipients',
  // lhost-imailserver-03 'Invalid final delivery userid', lhost-notes-02 and lhost-domino-02 (Japanese: not in the directory),
  // lhost-dragonfly-04 'DNS lookup failure: host ... not found', lhost-postfix-46 a bare 'Recipient address
  // rejected.' (KDDI's answer for an unknown mailbox)
  {
    class: 'hard',
    pattern:
      /user unknown|unknown user|no such (user|mailbox|recipient)|recipient name is not recognized|recipient address rejected\.?\s*$|no valid recipients for this|invalid final delivery userid|ディレクトリのリストにありません|ディレクトリには見つかりません|dns lookup failure: host \S+ not found|not listed in (the )?(domino directory|public name & address book)|recipient address rejected: (access denied|user unknown|unknown user|invalid)|inactive email address|email account that you tried to reach does not exist|no local user|(account|address|mailbox|user)( or domain)? may not exist/i,
  },
  // Mailbox full: lhost-exim-07, lhost-postfix-09, rfc3464-01 'Not enough disk space'
  {
    class: 'soft',
    pattern:
      /mailbox (is )?full|over (the )?(disk )?quota|quota (exceeded|violation|full)|exceed(ed|s|ing)? (its |their |the )?(mailbox )?(storage|quota|disk)|insufficient (disk|system) (space|storage)|not enough (disk |storage )?space|mailfolder is full|no space left|disk full|boite du destinataire pleine|user has too many messages|mailbox size limit|space has been used up|full mailbox|too much mail data|mailbox has exceeded|out of storage|exceeding its mailbox quota|boîte (aux lettres )?pleine|postfach (ist )?voll|buz[oó]n (est[aá] )?lleno|hộp thư (đã )?đầy|容量(が|を)?(超過|オーバー)|邮箱(已)?满|信箱(已)?滿/i,
  },
  // Message too large: lhost-exim-58 'message too big', lhost-postfix-48
  {
    class: 'soft',
    pattern:
      /message (size )?(too (big|large)|length exceeds|size exceeds|file too big)|exceeds? (the )?(fixed |maximum )?(message )?size|size limit|max(imum)? message size|line limit exceeded|taille limite/i,
  },
  // Sender side: a group or list that does not take our post, lhost-googlegroups-01 (Japanese),
  // lhost-googlegroups-03 (Arabic: only the help link is in a language we read)
  {
    class: 'sender',
    pattern:
      /permission to post|not allowed to post|投稿する権限|members-only list|closed mailing list|groups\.google\.com/i,
  },
  // Hard: an account its provider suspended, disabled or closed (Sisimai's `suspend`; decision 016: for
  // outreach it does not come back), in the product's languages: lhost-dragonfly-21 'User account
  // disabled', lhost-amazonses-19 'temporary locked', rhost-franceptt-05 'Le compte du destinataire est
  // bloque', rhost-google-07 'account ... is inactive', lhost-postfix-61 'Mailbox is frozen'
  { class: 'hard', pattern: SUSPENDED },
  // Soft: the receiving server limits how fast it takes mail, rhost-tencent-01 'Ip frequency limited'
  // (Gmail's 5.2.1 'receiving mail at a rate that prevents additional messages', lhost-postfix-59)
  {
    class: 'soft',
    pattern: /frequency limited|too many (connections|messages)|receiving mail (at a rate|too fast)/i,
  },
  // Soft: DNS trouble the server will retry, and delivery given up after days of trying: lhost-postfix-34
  // 'Host not found, try again', lhost-sendmail-54 'Message could not be delivered for 5 days'
  { class: 'soft', pattern: /not found, try again|could not be delivered for \d+ (days|hours)/i },
  // Hard: the address is malformed, so no mailbox can have it (RFC 3463 5.1.3), lhost-exim-52 'malformed
  // address'
  { class: 'hard', pattern: /malformed (recipient )?address|incorrectly constructed|bad address syntax/i },
  // Sender side: the receiving server refuses to talk to the sending one, lhost-postfix-49 'refused to talk
  // to me', lhost-v5sendmail-05 'Connection reset by peer'
  {
    class: 'sender',
    pattern: /refused to talk to me|connection (refused|reset|dropped) by|reset by peer/i,
  },
  // Sender side: volume and complaints about the sending mailbox, lhost-postfix-74 (Yahoo TSS04)
  { class: 'sender', pattern: /user complaints|unexpected volume|not accepting connections/i },
  // Sender side: spam and content filters, lhost-exim-55 'spam', lhost-receivingses-07 'Message Filtered'
  {
    class: 'sender',
    pattern:
      /spam|message filtered|unsolicited|bulk (e-?)?mail|junk mail|content (filter|rejected|denied)|message content|mail content denied|virus|malware|infected|phish|suspicious|banned (sending|attachment|content)|prohibited attachment|illegal attachment|executable/i,
  },
  // Sender side: authentication (SPF, DKIM, DMARC), lhost-exim-29, rhost-google-03
  {
    class: 'sender',
    pattern:
      /\bspf\b|dkim|dmarc|sender policy framework|not authorized to send|authentication (failure|failed|required|credentials)|unauthenticated sender|5\.7\.(23|25|26|27)\b|starttls is required|tls required|must authenticate/i,
  },
  // Sender side: reputation, block lists, reverse DNS, relaying and unverified identities: lhost-exim-32
  // 'reverse DNS', lhost-exim-01 'blocked', lhost-yahoo-14 'INVALID IP FOR SENDING', lhost-ezweb-08
  // (Outlook.com's SC-004), lhost-exim-56 'daily relay quota', lhost-postfix-44 'not configured to relay',
  // lhost-postfix-77 'Email address is not verified' (SES), lhost-outlook-09 'mismatches client ip',
  // rhost-mimecast-01 'Host network not allowed', rfc3464-35 'not a registered gateway user',
  // lhost-exim-51 'does not exist E2110' (about our sender domain)
  {
    class: 'sender',
    pattern:
      /blacklist|black list|blocklist|block list|blocked|dnsbl|spamhaus|spamcop|barracuda ?rbl|\brbl\b|reputation|ptr record|reverse (dns|lookup)|rdns|cannot find your hostname|dynamic ip|generic dns|helo command rejected|client host rejected|sender (ip|address) (rejected|blocked)|ip (address )?(rejected|blocked|is listed)|listed (at|in|on)|open relay|configured to relay mail (\(\w\) )?from|invalid ip for sending|\bSC-00\d\b|relay quota|is not a registered gateway user|does not exist e2110|not allowed to send|email address is not verified|mismatches client ip|network not allowed/i,
  },
  // Sender side: a refusal by policy, said before the relay rule so that 'relaying denied by policy' blames us
  { class: 'sender', pattern: /polic(y|ies)/i },
  // Hard: the recipient's server refuses to relay, so it takes no mail for the address's domain (a stale MX,
  // a domain moved away) and no sender will reach the address: BounceParser's relaying-denied, not-a-relay
  // and rcpthosts (qmail's 'not in my list of allowed rcpthosts'). A refusal that blames the sender
  // (authentication, a block list, our sender address: lhost-postfix-44) matched a rule above (decision 016)
  {
    class: 'hard',
    pattern:
      /relay(ing)? (access )?(is )?(denied|not permitted|prohibited|not allowed)|not permitted to relay|(unable|not allowed|cannot|can't) (to )?relay|no relaying|as a relay|allowed rcpthosts|not in my (list of )?rcpthosts|we do not relay|not an? (open )?relay\b/i,
  },
  // Hard: RFC 5321's 550 text, 'mailbox unavailable', beats the vaguer refusals below ('Mailbox unavailable
  // or access denied'); a 4xx's was read as busy above, and words that blame the sender matched earlier
  { class: 'hard', pattern: /(?<!\b4\d\d\b[^\n]{0,80})mailbox unavailable/i },
  // Sender side: policy and the sender's identity, lhost-exim-03 'policy', lhost-postfix-41 'Protocol
  // violation', lhost-exim-45 'Please provide a valid From', lhost-exim-36 'Unroutable sender address',
  // rhost-franceptt-03 'Mail rejete' (Orange's content rejection), lhost-ezweb-01 'rejected by a remote
  // mail server' (the carrier's domain filter)
  {
    class: 'sender',
    pattern:
      /polic(y|ies)|protocol violation|provide a valid from|from: domain is invalid|unroutable sender|\bmail rejet(e|é)\b|prohibited|not accepted for (policy|security)|administrative prohibition|denied by|access denied|rejected by (the )?(recipient|organization|administrator)|refused due to recipient preferences|only accepting mail from|not on the (recipient's )?list of (allowed|approved) senders|sender (address )?rejected|sender (is )?(denied|refused|not allowed)|invalid sender|sender verify failed|bogus mail from|domain of sender|sender domain|envelope blocked|you have been blocked|refuse(s|d)? to (receive|accept)|message rejected due to user rules|user reject|was rejected by a remote mail server|not accepting any mail/i,
  },
  // Hard: the domain does not exist or takes no mail, lhost-postfix-06 'Host or domain name not found',
  // lhost-dragonfly-16 'System not accepting network messages', lhost-mailru-05 (Exim's words for a null MX,
  // RFC 7505: 'an MX or SRV record indicated no SMTP service')
  {
    class: 'hard',
    pattern:
      /host (or domain name )?(not found|unknown)|unknown host|no such domain|domain (does not exist|not found|is not reachable|must exist)|unrout(e)?able (address|domain|mail domain)|name or service not known|no mx (record|host)|mx (lookup|record) failed|domain not in use|unknown domain|nullmx|(mx|srv) record indicated no smtp service|not accepting network messages|does not accept mail|host not found|domain name not found|dns (lookup )?(error|failure).*domain/i,
  },
  // Hard: the mailbox does not exist, lhost-qmail-01 'Unknown user', lhost-exchange2003-04 'Recipient Not
  // Found', and the same in French, German, Spanish and Italian (rhost-franceptt-01 'utilisateur inconnu');
  // RFC 5321's 550 text 'mailbox unavailable', and the server families of BounceParser's corpus: nomailbox
  // 'No mail box available for this user', user-unknown-not-active 'not an active address', user-unknown-bad
  // 'BAD_RECIPIENT', me-user-unknown 'no longer on server', comcast-via-sendmail 'not our customer'
  {
    class: 'hard',
    pattern:
      /(user|recipient|address|mailbox|account|addressee|local user|e-?mail address|destination)( name)?( is)? (unknown|not found|does not exist|doesn't exist|not exist|invalid|unavailable|not valid|no longer (valid|exists|available)|not (a )?(known|valid|local))|no such (user|recipient|address|mailbox|person|account)|(unknown|invalid|bad|non-?existent)[ _](user|recipient|address|mailbox|account|destination|local part)|no mail ?box (is )?available|mailbox unavailable|not an? (active|valid) (address|user|mailbox|recipient)|no longer on (this |the )?server|not our customer|does not exist|doesn't have an? \S+ account|not a valid (mailbox|recipient|user|address)|is not a known user|no mailbox (here|by that name|found)|mailbox (unavailable|not present|not found|invalid|is inactive)|there is no one at this address|no longer (accepts|accepting) mail|has moved|address (unknown|invalid)|utilisateur inconnu|destinataire inconnu|adresse (d au moins un destinataire )?invalide|unbekannte(r)? (empfänger|benutzer)|benutzer unbekannt|usuario (desconocido|no existe)|no existe (dicha persona|ese usuario)|nessun utente|resolver\.adr\.recipnotfound|recipientnotfound|badrcptto|not in my validrcptto|unknown in (virtual|local) (alias|mailbox|recipient)|rejected: user unknown|not listed in domino directory|user not known|account (has been )?(closed|deleted|removed|terminated|expired)/i,
  },
  // Hard: the mailbox does not exist, in the product's other languages and their neighbours (checked
  // after the sender-side rules, since 'n'existe pas' may be said of our domain)
  { class: 'hard', pattern: MAILBOX_UNKNOWN_WORLDWIDE },
  // Hard: suspended or disabled, said in fewer words (shared with other reasons, so checked late),
  // rhost-google-01 5.2.1 'disabled'
  { class: 'hard', pattern: /suspend|inactive|disabled|deactivated|discontinued|frozen|archived/i },
  { class: 'soft', pattern: /temporar(il)?y (unavailable|blocked|rejected)/i },
  // Soft: the server gave up retrying, or the network or system failed: lhost-exim-06 'retry timeout
  // exceeded', lhost-sendmail-21 'Deferred', lhost-postfix-17 'Name service error', lhost-x2-05
  // 'Resources temporarily unavailable'
  {
    class: 'soft',
    pattern:
      /retry time(out)? (exceeded|not reached)|timed? ?out|expired|too long in (the )?queue|in the queue too long|giving up|gave up|could not connect|connection (refused|reset|timed out|lost|dropped)|deferred|try again later|temporar|too many (connections|messages|recipients)|rate limit|throttl|greylist|unable to connect|network|routing loop|mail loop|name service error|malformed or unexpected name server reply|loops? back|too many hops|hop count exceeded|system (error|full)|server (error|busy)|resources|out of memory/i,
  },
];

/** A class by the whole enhanced status code (RFC 3463), when the words did not tell. */
export function classOfStatus(status: string): BounceClass | null {
  const [klass, subject, detail] = status.split('.').map(Number);
  if (klass === 4) return 'soft';
  if (subject === 1) {
    if (detail === 7 || detail === 8) return 'sender'; // bad or unresolvable sender address
    if (detail === 0 && status === '5.1.0') return 'hard';
    return 'hard'; // 5.1.1 bad mailbox, 5.1.2 bad domain, 5.1.3 bad syntax, 5.1.6 moved, 5.1.10 null MX
  }
  // 5.2.1 mailbox disabled: suspended by its provider, hard (decision 016); 5.2.2 full, 5.2.3 too large
  if (subject === 2) return detail === 1 ? 'hard' : 'soft';
  if (subject === 4) return detail === 4 ? 'hard' : 'soft'; // 5.4.4 unable to route, else network
  if (subject === 7) return 'sender'; // security and policy
  if (subject === 6) return 'sender'; // the message's content or encoding (media) was refused
  if (subject === 3 || subject === 5) return 'soft';
  return null;
}
