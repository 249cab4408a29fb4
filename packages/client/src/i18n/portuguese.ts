/** Brazilian Portuguese as a chunk of its own (`portuguese-*.js`): index.ts loads it only for a page shown in it. */
export { ptBR } from './pt-BR';
