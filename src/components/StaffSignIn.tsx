// A staff page's sign-in (/edit/, /team/), in the page's language: the address, then the code from
// the email; once signed in, the address and a button to sign out. Focus follows the steps, so the
// whole sign-in works from the keyboard: to the code field once the code is sent, to the sentence
// that says what went wrong, to the signed-in line once in, to the address field once out.
import React, { useEffect, useId, useRef, useState } from 'react';
import type { SignInProblem, StaffSignInText } from '../content/staff';
import type { StaffSession } from '../hooks/useStaffSession';
import { PRIMARY_BUTTON, SECONDARY_BUTTON, TEXT_INPUT } from './staff-styles';

export interface StaffSignInProps {
  /** From useStaffSession(), called once by the page. */
  session: StaffSession;
  /** In the page's language: STAFF_SIGN_IN_TEXT[language], or the page's own version of it. */
  text: StaffSignInText;
}

type Step = 'email' | 'code';
type Focus = Step | 'problem' | 'signedIn' | null;

const STEPS = {
  email: { input: { type: 'email', autoComplete: 'email' } },
  code: { input: { type: 'text', inputMode: 'numeric', autoComplete: 'one-time-code', spellCheck: false } },
} as const satisfies Record<Step, { input: React.InputHTMLAttributes<HTMLInputElement> }>;

export function StaffSignIn({ session, text }: StaffSignInProps) {
  const { status, email, sentTo } = session;
  const [values, setValues] = useState<Record<Step, string>>({ email: '', code: '' });
  const [problem, setProblem] = useState<{ step: Step; problem: SignInProblem } | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = useId();
  const fields = useRef<Partial<Record<Step, HTMLInputElement | null>>>({});
  const problemLine = useRef<HTMLParagraphElement>(null);
  const signedInLine = useRef<HTMLDivElement>(null);
  // Where focus goes once the page shows what the last step changed (set by the step, not on load).
  const [focus, setFocus] = useState<Focus>(null);

  useEffect(() => {
    if (!focus) return;
    const target = focus === 'problem' ? problemLine.current : focus === 'signedIn' ? signedInLine.current : fields.current[focus];
    if (!target) return;
    target.focus();
    setFocus(null);
  }, [focus, status, sentTo, problem]);

  const submit = (step: Step) => async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(null);
    const found = step === 'email' ? await session.sendCode(values.email) : await session.verifyCode(values.code);
    setBusy(false);
    if (found) {
      setProblem({ step, problem: found });
      setFocus('problem');
    } else if (step === 'email') {
      setValues((now) => ({ ...now, code: '' }));
      setFocus('code');
    } else {
      setValues({ email: '', code: '' });
      setFocus('signedIn');
    }
  };

  if (status === 'signedIn' && email !== null) {
    return (
      <div
        ref={signedInLine}
        tabIndex={-1}
        className="mt-4 flex flex-wrap items-center gap-3 text-sm [overflow-wrap:anywhere]"
        data-signed-in="true"
      >
        <p className="min-w-0">{text.signedInAs(email)}</p>
        <button
          type="button"
          className={SECONDARY_BUTTON}
          onClick={() => {
            void session.signOut().then(() => setFocus('email'));
          }}
        >
          {text.signOut}
        </button>
      </div>
    );
  }
  if (status !== 'signedOut') return null;

  const problemId = `${ids}-problem`;
  const step = (name: Step, label: string, button: string) => {
    const inputId = `${ids}-${name}`;
    const invalid = problem?.step === name;
    return (
      <form onSubmit={(event) => void submit(name)(event)} className={`flex flex-wrap items-end gap-3 ${name === 'code' ? 'mt-4' : ''}`}>
        <label htmlFor={inputId} className="min-w-0 grow basis-56 text-sm font-semibold">
          {label}
          <input
            id={inputId}
            ref={(element) => {
              fields.current[name] = element;
            }}
            {...STEPS[name].input}
            required
            value={values[name]}
            onChange={(event) => setValues((now) => ({ ...now, [name]: event.target.value }))}
            aria-invalid={invalid}
            aria-describedby={invalid ? problemId : undefined}
            className={TEXT_INPUT}
          />
        </label>
        <button type="submit" className={PRIMARY_BUTTON} disabled={busy} aria-busy={busy}>
          {button}
        </button>
      </form>
    );
  };

  return (
    <section aria-label={text.signIn} className="mt-6 rounded-2xl bg-white p-5 ring-1 ring-ink/10 [overflow-wrap:anywhere]">
      {step('email', text.emailLabel, text.sendCode)}
      {sentTo ? step('code', text.codeLabel, text.signIn) : null}
      <p role="status" className="mt-3 text-sm font-semibold text-brand-800">
        {sentTo && !problem ? text.codeSent(sentTo) : ''}
      </p>
      <p ref={problemLine} id={problemId} role="alert" tabIndex={-1} className="text-sm font-semibold text-red-700">
        {problem ? text.problems[problem.problem] : ''}
      </p>
    </section>
  );
}
