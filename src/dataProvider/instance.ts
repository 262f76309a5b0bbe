import { definitions } from '../../contract/definitions';
import { createDataProvider } from './index';
import { download, httpClient } from './httpClient';

export const dataProvider = createDataProvider(definitions, httpClient, download);
