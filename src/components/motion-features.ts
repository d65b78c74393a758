// Loaded on demand by LazyMotion, so animation code stays out of the entry bundle.
export { domAnimation as default } from 'framer-motion';
