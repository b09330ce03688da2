import MessageCircle from 'lucide-react/icons/message-circle';
import React from 'react';

// The amber "Chat with us" call to action: the hero and the footer open the contact modal with it.
export function ChatButton({ label, onClick, className = '' }: { label: string; onClick: () => void; className?: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={`inline-flex min-h-12 items-center gap-2 rounded-full bg-accent-400 px-6 text-base font-bold text-brand-950 transition-[color,background-color] hover:bg-accent-300 ${className}`}
    >
      <MessageCircle className="size-5" aria-hidden="true" />
      {label}
    </button>
  );
}
