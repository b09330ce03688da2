import type { HeadFC } from 'gatsby';
import React from 'react';
import { PreviewHead } from '../../components/PreviewHead';
import { TeamPage } from '../../components/TeamPage';
import { TEAM_TEXT } from '../../content/team';

// The team's inbox in Indonesian: the same page as /team/, in the member's language.
export default function TeamPageIndonesian() {
  return <TeamPage language="id" />;
}

export const Head: HeadFC = () => <PreviewHead title={TEAM_TEXT.id.title} language="id" />;
