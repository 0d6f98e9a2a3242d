import type { z } from 'zod';

/**
 * Turns zod issues into sentences a user understands ("Name is required", "Name must be at most
 * 255 characters"). A message written on the schema itself is kept as it is.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[], where: string): string[] {
  const sentences = issues.map((issue) => describeIssue(issue, where));
  return [...new Set(sentences)];
}

function describeIssue(issue: z.core.$ZodIssue, where: string): string {
  const field = fieldLabel(issue.path, where);
  if (issue.message && !isDefaultMessage(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      if (/received undefined/.test(issue.message)) return `${field} is required.`;
      return `${field} must be ${article(issue.expected)}.`;
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1 ? `${field} is required.` : `${field} must be at least ${issue.minimum} characters.`;
      }
      if (issue.origin === 'array') return `${field} must have at least ${issue.minimum} items.`;
      return `${field} must be at least ${issue.minimum}.`;
    case 'too_big':
      if (issue.origin === 'string') return `${field} must be at most ${issue.maximum} characters.`;
      if (issue.origin === 'array') return `${field} must have at most ${issue.maximum} items.`;
      return `${field} must be at most ${issue.maximum}.`;
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}.`;
    case 'invalid_value':
      return `${field} must be one of: ${issue.values.map(String).join(', ')}.`;
    case 'invalid_format':
      return `${field} is not in a valid format.`;
    default:
      return `${field} is invalid.`;
  }
}

function isDefaultMessage(message: string): boolean {
  return /^(Invalid|Too (big|small)|Unrecognized key|Expected)/.test(message);
}

function article(expected: string): string {
  const words: Record<string, string> = {
    number: 'a number',
    int: 'a whole number',
    string: 'text',
    boolean: 'true or false',
    array: 'a list',
    object: 'an object',
    date: 'a date',
  };
  return words[expected] ?? `a ${expected}`;
}

function fieldLabel(path: readonly PropertyKey[], where: string): string {
  const last = [...path].reverse().find((part) => typeof part === 'string');
  if (typeof last !== 'string') return where === 'body' ? 'The request body' : 'The request';
  const words = last.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' ').toLowerCase();
  const label = words === 'id' ? 'Id' : words.replace(/\bid\b/, 'id');
  return label.charAt(0).toUpperCase() + label.slice(1);
}
