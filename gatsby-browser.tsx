import './src/styles.css';
