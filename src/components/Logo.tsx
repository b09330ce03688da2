import React from 'react';

interface LogoProps {
  name: string;
  tone?: 'onLight' | 'onDark';
  className?: string;
}

// The mark: an "A" that doubles as a sorter's gantry above a conveyor, with the amber camera eye.
// Inline, so it costs no request and follows the text colour of where it sits.
export function LogoMark({ className = 'size-10' }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" className={className} aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="11" fill="#0d5f55" />
      <path
        d="M11.5 27.5 20 11l8.5 16.5M15 21h10"
        fill="none"
        stroke="#fff"
        strokeWidth="3.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M9 32h22" stroke="#7fc9b8" strokeWidth="2.6" strokeLinecap="round" />
      <circle cx="29.5" cy="11" r="3.4" fill="#f6b443" />
    </svg>
  );
}

export function Logo({ name, tone = 'onLight', className = '' }: LogoProps) {
  return (
    <span className={`inline-flex items-center gap-2.5 ${className}`}>
      <LogoMark />
      <span className={`text-xl font-extrabold tracking-tight ${tone === 'onDark' ? 'text-white' : 'text-brand-900'}`}>{name}</span>
    </span>
  );
}
