-- Inquiries from the contact modal (a message, or a request for the investor deck).
--
-- The anon key is public, so this table is write-only for visitors: anyone may drop an inquiry in,
-- nobody but the service role may read one back. The browser makes the row id itself
-- (crypto.randomUUID()) and inserts with `return=minimal`; it never needs to read the row, which
-- would take a SELECT policy showing every visitor every submission.
--
-- The notifier (edge function inquiry-notif-resend, service role) loads the row by id and claims it
-- by setting notified_at, so each inquiry sends at most one email.

create table public.contact_submissions (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text not null,
  company text,
  message text not null,
  type text not null,
  created_at timestamptz not null default now(),
  notified_at timestamptz,
  constraint contact_submissions_type_check
    check (type in ('contact', 'investor')),
  -- Required fields must hold something other than whitespace; bounds keep one row from being a
  -- payload (and the notification email readable).
  constraint contact_submissions_name_check
    check (name ~ '[^[:space:]]' and char_length(name) <= 200),
  -- Company is optional: null, or an empty field as a form sends it, up to 200 characters.
  constraint contact_submissions_company_check
    check (company is null or char_length(company) <= 200),
  -- The address shape of the HTML email input (WHATWG "valid e-mail address"), plus a dot in the
  -- domain as a real inbox needs, at most 320 characters. It excludes spaces, line breaks, commas,
  -- quotes and angle brackets, so the address is safe to use as the email's reply-to.
  constraint contact_submissions_email_check
    check (
      char_length(email) <= 320
      and email ~ '^[A-Za-z0-9.!#$%&''*+/=?^_`{|}~-]+@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$'
    ),
  constraint contact_submissions_message_check
    check (message ~ '[^[:space:]]' and char_length(message) between 1 and 5000)
);

comment on table public.contact_submissions is
  'Inquiries from the site''s contact modal. Insert-only for visitors; read by the notifier (service role).';
comment on column public.contact_submissions.notified_at is
  'Set by the notifier when it claims the row; at most one email is sent per row.';

alter table public.contact_submissions enable row level security;

-- Take back Supabase's default ALL grant, then give visitors INSERT on the form's columns only:
-- created_at and notified_at are the server's to set, and nothing may be selected, updated or
-- deleted through the public key.
revoke all on table public.contact_submissions from anon, authenticated;
grant insert (id, name, email, company, message, type)
  on table public.contact_submissions to anon, authenticated;

-- The notifier loads a row and claims it (select + update); service role bypasses RLS.
grant select, insert, update, delete on table public.contact_submissions to service_role;

-- A visitor may only file a fresh, unsent inquiry: stamped now and not yet notified. The column
-- grant already keeps both columns at their defaults; the policy states the rule itself, so it
-- still holds if the grant is ever widened. It matters to the notifier, which refuses rows older
-- than 15 minutes and skips notified ones: a visitor must not back-date or pre-claim a row.
-- (The type is enforced by the check constraint above, for every role.)
create policy "Visitors submit new, unnotified inquiries"
  on public.contact_submissions
  for insert
  to anon, authenticated
  with check (notified_at is null and created_at = now());

-- No select, update or delete policy: for anon and authenticated such statements are refused by the
-- missing grants, and would see no rows even if a grant were added by mistake.
