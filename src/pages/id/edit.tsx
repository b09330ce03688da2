import type { HeadFC } from 'gatsby';
import React from 'react';
import { EditPage } from '../../components/EditPage';
import { PreviewHead } from '../../components/PreviewHead';
import { EDIT_TEXT } from '../../content/editing';

// The editors' page in Indonesian: the same page as /edit/, in the editor's language.
export default function EditPageIndonesian() {
  return <EditPage language="id" />;
}

export const Head: HeadFC = () => <PreviewHead title={EDIT_TEXT.id.title} language="id" />;
