import React from 'react';

/** A loading card's text: one grey bar per line, each with its height and width classes. */
export function SkeletonLines({ className, lines }: { className: string; lines: readonly string[] }) {
  return (
    <div className={className}>
      {lines.map((line, index) => (
        <div key={index} className={`skeleton ${line}`} />
      ))}
    </div>
  );
}
