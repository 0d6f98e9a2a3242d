import { Alert, Anchor, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';

interface ParsedError {
  readonly row: string;
  readonly column: string;
  readonly message: string;
}

/** 'Row 11, Email: …' as its parts; a sentence about the whole file has neither row nor column. */
export function parseErrorSentence(sentence: string): ParsedError {
  const match = /^Row (\d+)(?:, ([^:]+))?: (.*)$/.exec(sentence);
  return match
    ? { row: match[1]!, column: match[2] ?? '', message: match[3]! }
    : { row: '', column: '', message: sentence };
}

/** Every problem of a refused upload, by row and column, and the way back to the users. */
export function UploadErrors({ errors, usersPath }: { errors: readonly string[]; usersPath: string }) {
  const [summary, ...rest] = errors;
  const rows = (rest.length ? rest : errors).map(parseErrorSentence);
  return (
    <Stack gap="sm">
      <Alert color="red" title="Nothing was imported" role="alert">
        {rest.length ? summary : 'The file could not be imported.'} Correct the file and upload it again.
      </Alert>
      <Table aria-label="Problems in the file" striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Row</Table.Th>
            <Table.Th>Column</Table.Th>
            <Table.Th>Problem</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((e, n) => (
            <Table.Tr key={`${n}-${e.row}-${e.column}`} data-testid="upload-error">
              <Table.Td>{e.row}</Table.Td>
              <Table.Td>{e.column}</Table.Td>
              <Table.Td>
                <Text size="sm">{e.message}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Anchor component={Link} to={usersPath}>
        Back to Users
      </Anchor>
    </Stack>
  );
}
