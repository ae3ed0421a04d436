import { resourceDescription } from '../../../shared/resourceOperations';
import * as hybridSearch from './hybridSearch.operation';
import * as searchByImage from './searchByImage.operation';
import * as searchByPerson from './searchByPerson.operation';
import * as searchByText from './searchByText.operation';

export const operations = { hybridSearch, searchByImage, searchByPerson, searchByText };

export const description = resourceDescription('image', operations, { default: 'searchByText' });
