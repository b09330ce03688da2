import type { HeadFC } from 'gatsby';
import React from 'react';
import { EditPage } from '../components/EditPage';
import { PreviewHead } from '../components/PreviewHead';
import { EDIT_TEXT } from '../content/editing';

// The editors' page in English: browser-only (everything happens after sign-in), never indexed.
export default function EditPageEnglish() {
  return <EditPage language="en" />;
}

export const Head: HeadFC = () => <PreviewHead title={EDIT_TEXT.en.title} language="en" />;
