// Shared test set-up. View tests opt into jsdom with a `// @vitest-environment jsdom` docblock and import
// tests/views/setup-dom.ts themselves.
export {};
