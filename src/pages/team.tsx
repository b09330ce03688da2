import type { HeadFC } from 'gatsby';
import React from 'react';
import { PreviewHead } from '../components/PreviewHead';
import { TeamPage } from '../components/TeamPage';
import { TEAM_TEXT } from '../content/team';

// The team's inbox in English: browser-only (everything happens after sign-in), never indexed.
export default function TeamPageEnglish() {
  return <TeamPage language="en" />;
}

export const Head: HeadFC = () => <PreviewHead title={TEAM_TEXT.en.title} language="en" />;
