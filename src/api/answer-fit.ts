/**
 * Ties a valibot schema of an operator answer to the answer's type in the contract, at compile time.
 *
 * Not equality: a schema may accept more than the contract promises (money as a number or a decimal string,
 * defaults for absent fields) and transforms what it reads, so its output is the app's shape, not the
 * contract's. What must hold is that the schema can read the contract: every answer the contract allows is
 * one the schema accepts (the answer type is assignable to the schema's input), and the schema reads no field
 * the contract does not name (an optional field renamed in the contract would otherwise go unread in silence).
 */
import type * as v from 'valibot';
import type { operations } from './operator-api.gen';

type KeysOf<T> = T extends unknown ? keyof T : never;
type FieldOf<T, K extends PropertyKey> = T extends unknown ? (K extends keyof T ? T[K] : never) : never;
type ItemOf<T> = T extends readonly (infer Item)[] ? Item : never;

/** The paths of the fields TRead has (deeply) that TAnswer does not name, as `.data.scan_id` or `.lines[].name`. */
export type UnnamedFields<TRead, TAnswer, TPath extends string = ''> = TRead extends readonly (infer Item)[]
  ? UnnamedFields<Item, ItemOf<TAnswer>, `${TPath}[]`>
  : TRead extends object
    ? {
        [K in keyof TRead & string]: K extends KeysOf<Extract<TAnswer, object>>
          ? UnnamedFields<TRead[K], FieldOf<Extract<TAnswer, object>, K>, `${TPath}.${K}`>
          : `${TPath}.${K}`;
      }[keyof TRead & string]
    : never;

/** unknown when the schema reads the answer type; otherwise an object type whose one field says why not. */
export type AnswerFit<TSchema extends v.GenericSchema, TAnswer> = [TAnswer] extends [v.InferInput<TSchema>]
  ? [UnnamedFields<v.InferInput<TSchema>, TAnswer>] extends [never]
    ? unknown
    : { readsFieldsTheContractDoesNotName: UnnamedFields<v.InferInput<TSchema>, TAnswer> }
  : { refusesAnswersTheContractAllows: TAnswer };

/**
 * `readsAnswer<ContractAnswer>()(schema)` is the schema itself, and a compile error where the schema does not
 * read the contract's answer (AnswerFit): a drift between the two fails `tsc`.
 */
export const readsAnswer =
  <TAnswer>() =>
  <TSchema extends v.GenericSchema>(schema: TSchema & AnswerFit<TSchema, TAnswer>): TSchema =>
    schema;

/**
 * The JSON body the contract allows in operation Id's answer with status S (the operationIds of
 * contract/operator-api.yaml, generated into operator-api.gen.ts by `npm run gen:contract-types`).
 */
export type Answer<
  Id extends keyof operations,
  S extends keyof operations[Id]['responses'] = 200 & keyof operations[Id]['responses'],
> = operations[Id]['responses'][S] extends { content: { 'application/json': infer Body } } ? Body : never;
