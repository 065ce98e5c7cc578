/**
 * The output formats from one hand-made report (no server): text groups by spec section and shows
 * the spec line with a caret; json is exactly one object of the shape; github annotates
 * the spec line; junit and SARIF 2.1.0 carry every finding at its line. And the command's options.
 */
import { describe, expect, it } from 'vitest';
import { formatReport, parseVerifyArgs, type Finding, type VerifyReport } from '../src/index.ts';

const SPEC = [
  '# Title',
  '',
  '### Schedules',
  '',
  '| Name | Type |',
  '|---|---|',
  '| Code | String |',
  '',
  '## Errors',
  '',
  '| 401 | Login failed |',
].join('\n');
const finding = (over: Partial<Finding>): Finding => ({
  check: 'resource.fields',
  severity: 'error',
  subject: 'Schedules.Code',
  file: '/repo/spec/api.md',
  line: 7,
  column: 1,
  message: 'absent from 2 of 2 records',
  request: 'GET /en/001.1/api/v1/TimeRecording/Schedules',
  expected: 'Code in every record',
  actual: 'absent in 2 records',
  reproduce:
    'curl -sS -i -X GET \'http://x/en/001.1/api/v1/TimeRecording/Schedules\' -H "X-Service-SessionId: $SESSION"',
  ...over,
});
const report: VerifyReport = {
  baseUrl: 'http://x',
  serviceVersion: '25.8',
  requests: 12,
  checks: 40,
  findings: [
    finding({}),
    finding({
      check: 'mfa.wrongCode',
      subject: 'POST /login/totp 401',
      line: 11,
      severity: 'warning',
      message: 'throttled',
    }),
  ],
};
const options = {
  source: (f: string) => (f === '/repo/spec/api.md' ? SPEC : undefined),
  color: false,
  relativeFile: (f: string) => f.replace('/repo/', ''),
};

describe('formats', () => {
  it('text: grouped by section, the spec line with a caret under the row, a summary', () => {
    const text = formatReport(report, 'text', options);
    expect(text).toContain(
      'Schedules\n  spec/api.md:7 - error resource.fields Schedules.Code: absent from 2 of 2 records\n\n  7 | Code | String |\n      ^~~~\n',
    );
    expect(text.indexOf('Schedules\n')).toBeLessThan(text.indexOf('Errors\n'));
    expect(text).toContain('reproduce: curl');
    expect(text.trimEnd().split('\n').at(-1)).toBe(
      'http://x at service version 25.8: 1 error, 1 warning in 40 checks (12 requests).',
    );
  });

  it('json: one object with the fields the issue names', () => {
    const value = JSON.parse(formatReport(report, 'json', options)) as Record<string, unknown> & {
      findings: Array<Record<string, unknown>>;
    };
    expect(Object.keys(value)).toEqual(['baseUrl', 'serviceVersion', 'requests', 'checks', 'findings']);
    expect(Object.keys(value.findings[0]!)).toEqual([
      'check',
      'severity',
      'subject',
      'file',
      'line',
      'message',
      'request',
      'expected',
      'actual',
      'reproduce',
    ]);
  });

  it('github: an annotation per finding on the spec line', () => {
    const lines = formatReport(report, 'github', options).trimEnd().split('\n');
    expect(lines[0]).toMatch(
      /^::error file=spec\/api\.md,line=7,title=verify resource\.fields%3A Schedules\.Code::absent from 2 of 2 records/,
    );
    expect(lines[1]).toMatch(/^::warning file=spec\/api\.md,line=11,/);
  });

  it('junit: a failure per error, a skipped case per warning', () => {
    const xml = formatReport(report, 'junit', options);
    expect(xml).toMatch(
      /<testcase classname="resource.fields" name="Schedules.Code" file="spec\/api.md" line="7">\s*<failure message="absent from 2 of 2 records">/,
    );
    expect(xml).toContain('<skipped message="throttled"/>');
  });

  it('sarif: version 2.1.0, one rule per check, results at the spec line', () => {
    const sarif = JSON.parse(formatReport(report, 'sarif', options)) as {
      version: string;
      runs: Array<{ tool: { driver: { rules: Array<{ id: string }> } }; results: Array<Record<string, unknown>> }>;
    };
    expect(sarif.version).toBe('2.1.0');
    const run = sarif.runs[0]!;
    expect(run.tool.driver.rules.map((r) => r.id)).toEqual(['mfa.wrongCode', 'resource.fields']);
    expect(run.results[0]).toMatchObject({
      ruleId: 'resource.fields',
      ruleIndex: 1,
      level: 'error',
      locations: [{ physicalLocation: { artifactLocation: { uri: 'spec/api.md' }, region: { startLine: 7 } } }],
    });
  });
});

describe('options', () => {
  it('takes the options the issue lists, with defaults', () => {
    expect(parseVerifyArgs(['--base-url', 'https://erp.example.com/'])).toEqual({
      baseUrl: 'https://erp.example.com',
      languageCode: 'en',
      companyNumber: '001.1',
      serviceVersion: null,
      spec: null,
      format: 'text',
      maxRequests: 1000,
      concurrency: 4,
    });
    expect(
      parseVerifyArgs([
        '--base-url',
        'http://h:8001',
        '--language',
        'de',
        '--company',
        '002.1',
        '--service-version',
        '25.8',
        '--format',
        'sarif',
        '--max-requests',
        '50',
        '--concurrency',
        '2',
      ]),
    ).toMatchObject({
      languageCode: 'de',
      companyNumber: '002.1',
      serviceVersion: '25.8',
      format: 'sarif',
      maxRequests: 50,
      concurrency: 2,
    });
  });

  it.each([
    [[], /--base-url <url> is required/],
    [['--base-url', 'ftp://x'], /http or https/],
    [['--base-url', 'https://u:p@x'], /no credentials in the URL/],
    [['--base-url', 'http://x', '--password', 'p'], /Unknown option '--password'/],
    [['--base-url', 'http://x', '--service-version', 'latest'], /not a version/],
    [['--base-url', 'http://x', '--max-requests', '0'], /--max-requests/],
    [['--base-url', 'http://x', '--format', 'xml'], /--format/],
  ])('refuses %j', (args, message) => {
    expect(() => parseVerifyArgs(args as string[])).toThrow(message);
  });
});
