-- The settings say what they are: a comment on every column an operator tunes, so that
-- `\d+ private.inquiry_limits` explains each figure, and docs/backend.md's table of settings is made
-- from these comments and the columns' defaults (`npm run docs:settings`; a test fails when the doc
-- and the database differ).
--
-- Every column of private.inquiry_limits is a setting. private.site_rebuild and private.preview_links
-- also hold state; there a setting's comment starts with "Setting:", which is how the table of
-- settings tells them apart.
--
-- Comments only. Idempotent: COMMENT replaces the text, so it applies over itself without change.

set local lock_timeout = '5s';
set local statement_timeout = '60s';

comment on table private.inquiry_limits is
  'The settings of inquiries (one row): the limits on storing them, the email caps, the sweep, the alerts, '
  'the reply promise, the deck and the retention. Change with UPDATE; takes effect on the next request.';

-- The limits on storing an inquiry ------------------------------------------------------------------

comment on column private.inquiry_limits.inserts_per_address is
  'Inquiries one client address may store in any insert_window; past it, PT429.';
comment on column private.inquiry_limits.inserts_per_network is
  'Inquiries one IPv6 /48 network may store in any insert_window, unless Turnstile-verified; past it, PT429.';
comment on column private.inquiry_limits.inserts_per_email is
  'Inquiries one mailbox (lower-cased, without +tag; Gmail''s dots and googlemail.com folded) may store '
  'from one client address in any email_insert_window; past it, PT429.';
comment on column private.inquiry_limits.inserts_overall is
  'Inquiries all unverified visitors together may store in any insert_window; past it, PT503.';
comment on column private.inquiry_limits.insert_window is
  'The sliding window of inserts_per_address, inserts_per_network and inserts_overall.';
comment on column private.inquiry_limits.email_insert_window is
  'The sliding window of inserts_per_email.';
comment on column private.inquiry_limits.pending_max is
  'Unverified inquiries not yet sent; while this many wait, another unverified one is refused with PT503.';
comment on column private.inquiry_limits.trust_cf_connecting_ip is
  'Take the client address from cf-connecting-ip, which Supabase''s platform sets; false where no proxy '
  'sets it and a client could write it (self-hosting, supabase start): then the last X-Forwarded-For entry.';

-- The emails ---------------------------------------------------------------------------------------

comment on column private.inquiry_limits.emails_per_hour is
  'Emails (notifications, deck emails, reminders) in any sliding hour; past it, notifications go to the '
  'digest and deck emails wait for room (a press on /act/ is told to try later). Reminders are never '
  'held back, but count.';
comment on column private.inquiry_limits.emails_per_day is
  'Emails (notifications, deck emails, reminders) in any 24 hours; past it, as past emails_per_hour.';
comment on column private.inquiry_limits.digest_interval is
  'At most one digest email in this interval.';
comment on column private.inquiry_limits.digest_batch is
  'The most inquiries one digest lists, oldest first; the rest wait for the next digest.';
comment on column private.inquiry_limits.sweep_batch is
  'The most inquiries one sweep run claims for individual emails.';
comment on column private.inquiry_limits.claim_lease is
  'How long a claim keeps other senders off a row; a sender that died gives its rows back when it ends.';
comment on column private.inquiry_limits.give_up_after is
  'How long sends of a notification or a deck email may fail before it is marked failed '
  '(private.failed_inquiries).';
comment on column private.inquiry_limits.sweep_rows_since is
  'Inquiries received before this time are not swept: set when a project whose old site had emailed them '
  'is adopted; null sweeps all.';

-- The alerts ---------------------------------------------------------------------------------------

comment on column private.inquiry_limits.alert_after is
  'An inquiry waiting this long past its turn raises the alert "waiting".';
comment on column private.inquiry_limits.sweep_silence is
  'No sweep reaching the database for this long raises the alert "sweep".';
comment on column private.inquiry_limits.alert_interval is
  'At most one alert per cause in this interval (reply overdue: once per inquiry instead).';
comment on column private.inquiry_limits.refusals_alert_at is
  'Refusals by visitors'' own limits (PT429) not yet reported that raise the alert "flood".';

-- The promises and the retention --------------------------------------------------------------------

comment on column private.inquiry_limits.reply_within is
  'The reply each new inquiry is promised: it is due this long after it arrives (reply_due_at, set on '
  'insert).';
comment on column private.inquiry_limits.remind_before is
  'An unanswered inquiry is named, once, in a reminder email to the team this long before it is due.';
comment on column private.inquiry_limits.deck_link_valid is
  'How long the signed link in an investor''s deck email works.';
comment on column private.inquiry_limits.deck_auto_send is
  'Email the deck to a Turnstile-verified investor request without the team''s press; off, since the site '
  'would then email any address a visitor types.';
comment on column private.inquiry_limits.inquiry_retention is
  'Inquiries older than this are deleted by the daily job inquiry-retention, with every row derived from '
  'them, unless legal_hold; the privacy pages state the same figure. At least 1 day.';

-- The rebuild --------------------------------------------------------------------------------------

comment on column private.site_rebuild.max_wait is
  'Setting: the longest the first unbuilt change waits for a build while edits never pause for the quiet '
  'minute; with build_allowance, how long the site may stay behind the database.';
comment on column private.site_rebuild.build_allowance is
  'Setting: the time a build takes to deploy; the site counts as behind (the preview''s and /edit/''s '
  'warning, the alert "site behind") once it has been behind for max_wait plus this.';

-- Preview links ------------------------------------------------------------------------------------

comment on column private.preview_links.saves_per_minute is
  'Setting, per link: orders the link may save in any minute (each save makes every open page read its '
  'lists again); past it, PT429.';
