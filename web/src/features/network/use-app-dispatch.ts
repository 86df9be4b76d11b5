import { useDispatch } from 'react-redux';
import type { AppStore } from '../../app/store';

export const useAppDispatch = useDispatch.withTypes<AppStore['dispatch']>();
