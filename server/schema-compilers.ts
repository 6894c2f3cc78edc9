/**
 * Every route's schemas are zod's. Given to Fastify as its compilers' factories (`schemaController`), rather than set
 * on an app after it was made, they spare it loading its own, ajv and fast-json-stringify: a tenth of the server's
 * start on a slow machine (docs/performance.md, "The database started first"). A plugin that adds shared schemas gets
 * zod's compilers too. Every Fastify instance the server makes takes them, or the first one made loads the others.
 */
import type { FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/** Fastify types these factories for ajv's and fast-json-stringify's compilers alone, hence the cast. */
export const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as CompilersFactory;
