import { startApp } from './app/start';
import './styles/index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element in index.html');

void startApp(root);
