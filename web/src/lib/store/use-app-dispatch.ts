import { useDispatch } from 'react-redux';
import type { AppStore } from './store';

export const useAppDispatch = useDispatch.withTypes<AppStore['dispatch']>();
