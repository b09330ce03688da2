-- The contact modal's connection test (docs/behaviour.md, call 4): when the modal opens, the browser asks for
-- a count of contact_submissions, head only, limit 1 (`HEAD /rest/v1/contact_submissions?select=id
-- &limit=1` with `Prefer: count=exact`). It warms the connection before the visitor submits and
-- tells the console whether the backend answers.
--
-- Without any SELECT right, that request is refused (401 for anon), and browsers log every refused
-- request as a console error on every visitor's page. The count must succeed without showing a
-- single submission, so visitors get:
--   * SELECT on the `id` column only: enough for PostgreSQL to allow `count(*)` and `select id`;
--     every other column (name, email, company, message, ...) stays refused;
--   * a SELECT policy that matches no row: RLS filters every row out, so the count is always 0 and
--     `select id` returns nothing. The ids a visitor could count are never theirs to see.
-- The insert path is unchanged: the browser inserts with `return=minimal` and never reads its row
-- back, so no SELECT policy has to let a visitor see anything.
--
-- Re-runnable like the files before it: the grant is a no-op when held, and the policy is
-- replaced by the same one.

set local lock_timeout = '5s';
set local statement_timeout = '60s';

grant select (id) on table public.contact_submissions to anon, authenticated;

-- `using (false)`: the rule is "visitors see no submission", stated here rather than left to the
-- column grant, so it still holds if that grant is ever widened by mistake.
drop policy if exists "Visitors count submissions and see none of them" on public.contact_submissions;
create policy "Visitors count submissions and see none of them"
  on public.contact_submissions
  for select
  to anon, authenticated
  using (false);
