import type { DemoUser } from '../support/users';

/**
 * How the readers picker and the chosen readers name a demo user: the name with the e-mail beside
 * it, so that two people of the same name are told apart (ADR 0026). The demo's e-mails are the
 * sign-in names at demohealth.example.com.
 */
export const readerLabel = (user: DemoUser): string => `${user.name} (${user.login}@demohealth.example.com)`;
