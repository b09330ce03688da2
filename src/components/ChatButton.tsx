import MessageCircle from 'lucide-react/icons/message-circle';
import React from 'react';
import { OPENS_MODAL_ATTRIBUTE } from '../lib/early-intent';
import { PREFETCH_MODAL_ON_INTENT } from './ContactModalProvider';

// The amber "Chat with us" call to action: the hero and the footer open the contact modal with it.
// The modal's code is fetched on intent (a pointer over the button, a touch, keyboard focus), so it
// is usually there by the click and costs nothing to a visit that never opens it.
export function ChatButton({ label, onClick, className = '' }: { label: string; onClick: () => void; className?: string }) {
  const attributes = { [OPENS_MODAL_ATTRIBUTE]: 'contact' };
  return (
    <button
      type="button"
      {...attributes}
      onClick={onClick}
      {...PREFETCH_MODAL_ON_INTENT}
      className={`inline-flex min-h-12 items-center gap-2 rounded-full bg-accent-400 px-6 text-base font-bold text-brand-950 transition-[color,background-color] hover:bg-accent-300 ${className}`}
    >
      <MessageCircle className="size-5" aria-hidden="true" />
      {label}
    </button>
  );
}
