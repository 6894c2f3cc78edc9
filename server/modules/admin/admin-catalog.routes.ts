/**
 * The admin catalogue's routes (SPEC.md §7 "Admin", `POST heroimage`). Every route is admin-only: the caller is
 * checked on request, before any body is read (401 anonymous, 403 guests and customers). JSON bodies are validated by
 * their zod schemas; the multipart forms are read here (size and count limits) and their text fields validated with
 * the same schemas of domain/admin-catalog.ts. The spec's body texts go out as text/plain; refusals are JSON.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodMiniType, z as zm } from 'zod/mini';
import { z } from 'zod';
import {
  adminCatalogMessages as messages,
  adminCatalogTexts as texts,
  adminCategory,
  adminCategoryList,
  adminProduct,
  adminProductList,
  adminSubCategory,
  adminSubCategoryList,
  categoryIdParams,
  createCategoryRequest,
  createSubCategoryRequest,
  heroImageQuery,
  idQuery,
  productCreateFields,
  productExtIdQuery,
  productUpdateFields,
  updateCategoryRequest,
  updateSubCategoryRequest,
} from '../../../domain/admin-catalog';
import { apiError } from '../../../domain/errors';
import { limits } from '../../../domain/limits';
import type { Database } from '../../db/client';
import { BadRequest } from '../../errors';
import type { PreparedImage } from '../media/media.service';
import { parseOr400, readForm } from './multipart-form';
import {
  createCategory,
  createProduct,
  createSubCategory,
  getCategory,
  getProduct,
  getSubCategory,
  listCategories,
  listProducts,
  listSubCategories,
  prepareImages,
  setHeroImage,
  updateCategory,
  updateProduct,
  updateSubCategory,
} from './admin-catalog.service';
import { adminRefusals, onlyAdmins } from './admin-only';

export const productImageBytesMax = 5 * 1024 * 1024;
export const productImagesMax = 10;

const refusals = { 400: apiError, 404: apiError, ...adminRefusals } as const;
const writeRefusals = { ...refusals, 409: apiError } as const;
const uploadRefusals = { ...writeRefusals, 413: apiError, 415: apiError } as const;

/** A text/plain answer in the OpenAPI document: one of the spec's fixed body texts. */
const text = (t: string) => ({ description: `"${t}"`, content: { 'text/plain': { schema: z.enum([t]) } } });

function sendText(reply: FastifyReply, body: string): FastifyReply {
  return reply.type('text/plain; charset=utf-8').send(body);
}

const productForm = { fileSize: productImageBytesMax, files: productImagesMax, tooLarge: messages.productImageTooLarge, tooMany: messages.tooManyImages };

const productFormDescription =
  'multipart/form-data: flowerName, flowerItemCode, mrp, sellingPrice, description, Quantity, isRemoved (true|false), isAddon (true|false), ' +
  'flowerCategoryName (category id), flowerSubCategoryName (sub-category id), shippingdetails, note, and one or more ' +
  '`files` parts (PNG or JPEG by content, at most 5 MB each, at most 10).';

export const adminCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  // Decided before the body is read: nobody but an admin gets to upload anything.
  onlyAdmins(app);
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });

  const tags = ['admin'];

  /** A category write: a JSON body, validated by its schema, answered with the spec's fixed text/plain confirmation. */
  function textWrite<Body extends ZodMiniType>(
    url: string,
    body: Body,
    write: (db: Database, request: zm.output<Body>) => Promise<unknown>,
    answer: string,
    doc: { summary: string; description?: string },
  ) {
    app.post(url, { schema: { tags, ...doc, body, response: { 200: text(answer), ...writeRefusals } } }, async (request, reply) => {
      // The type provider cannot see through the generic schema; it has parsed the body with it all the same.
      await write(app.db, request.body as zm.output<Body>);
      return sendText(reply, answer);
    });
  }

  /** A product write: the multipart form's text fields by their schema and its images, answered with the spec's text. */
  function productWrite<Fields extends ZodMiniType>(
    url: string,
    fieldsSchema: Fields,
    write: (db: Database, fields: zm.output<Fields>, images: readonly PreparedImage[]) => Promise<unknown>,
    answer: string,
    doc: { summary: string; description: string; imagesRequired: boolean },
  ) {
    const { imagesRequired, ...openApi } = doc;
    app.post(
      url,
      { schema: { tags, ...openApi, consumes: ['multipart/form-data'], response: { 200: text(answer), ...uploadRefusals } } },
      async (request, reply) => {
        const form = await readForm(request, productForm);
        const fields = parseOr400(fieldsSchema, form.fields);
        if (imagesRequired && form.files.length === 0) throw new BadRequest(messages.fillAllFields);
        const images = await prepareImages(form.files, messages.productImageType);
        await write(app.db, fields, images);
        return sendText(reply, answer);
      },
    );
  }

  app.get(
    '/flowercategorylist',
    { schema: { tags, summary: 'Every category', response: { 200: adminCategoryList, ...refusals } } },
    async () => listCategories(app.db),
  );

  app.get(
    '/getsingleflowercategory',
    { schema: { tags, summary: 'One category by id', querystring: idQuery, response: { 200: adminCategory, ...refusals } } },
    async (request) => getCategory(app.db, request.query.id),
  );

  textWrite('/createflowercategory', createCategoryRequest, createCategory, texts.categoryCreated, {
    summary: 'Create a category (name unique, case-insensitively)',
    description: `text/plain "${texts.categoryCreated}"; a duplicate name is 409 "${messages.dataExists}".`,
  });

  textWrite('/updateflowercategory', updateCategoryRequest, updateCategory, texts.categoryUpdated, {
    summary: 'Update a category; CategoryGst is the CGST percent (empty = no GST)',
  });

  app.get(
    '/subflowercategorylist',
    { schema: { tags, summary: 'Every sub-category with its parent (null when none)', response: { 200: adminSubCategoryList, ...refusals } } },
    async () => listSubCategories(app.db),
  );

  app.get(
    '/subproductcategorylist/:categoryId',
    {
      schema: {
        tags,
        summary: "A category's sub-categories (empty for an unknown category)",
        params: categoryIdParams,
        response: { 200: adminSubCategoryList, ...refusals },
      },
    },
    async (request) => listSubCategories(app.db, request.params.categoryId),
  );

  app.get(
    '/getsubflowercategorybyid',
    { schema: { tags, summary: 'One sub-category by id', querystring: idQuery, response: { 200: adminSubCategory, ...refusals } } },
    async (request) => getSubCategory(app.db, request.query.id),
  );

  textWrite('/createsubflowercategory', createSubCategoryRequest, createSubCategory, texts.subCategoryCreated, {
    summary: 'Create a sub-category in a category (productCategoryName = the category id)',
    description: `text/plain "${texts.subCategoryCreated}"; a duplicate name in that category is 409 "${messages.dataExists}".`,
  });

  textWrite('/flowersubproductcategoryupdate', updateSubCategoryRequest, updateSubCategory, texts.subCategoryUpdated, {
    summary: 'Update a sub-category; an empty productCategoryName keeps its category',
  });

  app.get(
    '/getproductdata',
    { schema: { tags, summary: 'Every product, removed ones included', response: { 200: adminProductList, ...refusals } } },
    async () => listProducts(app.db),
  );

  app.get(
    '/getsingleflower',
    {
      schema: { tags, summary: 'One product by external id (removed ones too)', querystring: productExtIdQuery, response: { 200: adminProduct, ...refusals } },
    },
    async (request) => getProduct(app.db, request.query.product_ext_id),
  );

  productWrite('/flowerformdata', productCreateFields, createProduct, texts.productCreated, {
    summary: 'Create a product with its images',
    description: `${productFormDescription} text/plain "${texts.productCreated}"; a duplicate name is 409 "${messages.productNameExists}".`,
    imagesRequired: true,
  });

  productWrite('/updateflowerdata', productUpdateFields, updateProduct, texts.productUpdated, {
    summary: 'Update a product (item code not editable); new images replace the old ones, none keeps them',
    description: `${productFormDescription} Plus id (the external id). text/plain "${texts.productUpdated}".`,
    imagesRequired: false,
  });

  app.post(
    '/heroimage',
    {
      schema: {
        tags,
        summary: 'Replace a hero or bottom-banner image (multipart `files`, PNG or JPEG, at most 300 KB)',
        description: `text/plain "${texts.imageUploaded}"; empty: 400 "${messages.uploadImage}"; too large: 413 "${messages.heroTooLarge}".`,
        consumes: ['multipart/form-data'],
        querystring: heroImageQuery,
        response: { 200: text(texts.imageUploaded), ...uploadRefusals },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, {
        fileSize: limits.heroImageBytesMax,
        files: 1,
        tooLarge: messages.heroTooLarge,
        tooMany: 'Please upload one image.',
      });
      const [bytes] = form.files;
      if (!bytes) throw new BadRequest(messages.uploadImage);
      await setHeroImage(app.db, request.query.fileName, bytes, messages.heroImageType);
      return sendText(reply, texts.imageUploaded);
    },
  );
};
