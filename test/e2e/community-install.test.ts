/*
 * Real n8n 2.41.1 installing the package the way users do: from an npm registry (a local Verdaccio) through its own
 * Community Nodes installer and its Settings page in Chromium (test/e2e/n8n/community-install.ts says what and how).
 * A file of its own, with an n8n of its own set up as n8n.test.ts's is, so that it runs beside n8n.test.ts rather
 * than after its groups: it starts n8n with settings no other group wants and takes the package away.
 */
import { communityInstallScenario } from './n8n/community-install';
import { useSharedN8n } from './n8n/shared';

useSharedN8n([communityInstallScenario], { start: false });
