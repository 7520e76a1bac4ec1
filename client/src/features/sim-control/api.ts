import type { Fault, FaultInput, SimClock, SimClockUpdate, SimReset } from '@costlens/shared'
import { api } from '../../api/api.ts'

/** The simulator's /__sim controls (admin only; absent on a real backend or with SIM_CONTROL=off). */
export const simControlApi = api.injectEndpoints({
  endpoints: (build) => ({
    getFaults: build.query<Fault[], void>({ query: () => '/__sim/faults', providesTags: ['SimFaults'] }),
    addFault: build.mutation<Fault, FaultInput>({
      query: (body) => ({ url: '/__sim/faults', method: 'POST', body }),
      invalidatesTags: ['SimFaults'],
    }),
    removeFault: build.mutation<void, string>({
      query: (id) => ({ url: `/__sim/faults/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['SimFaults'],
    }),
    clearFaults: build.mutation<void, void>({
      query: () => ({ url: '/__sim/faults', method: 'DELETE' }),
      invalidatesTags: ['SimFaults'],
    }),
    getClock: build.query<SimClock, void>({ query: () => '/__sim/clock', providesTags: ['SimClock'] }),
    setClock: build.mutation<SimClock, SimClockUpdate>({
      query: (body) => ({ url: '/__sim/clock', method: 'PUT', body }),
      invalidatesTags: ['SimClock'],
    }),
    resetData: build.mutation<SimReset, void>({
      query: () => ({ url: '/__sim/reset', method: 'POST' }),
      invalidatesTags: ['SimFaults', 'SimClock'],
    }),
  }),
})

export const {
  useGetFaultsQuery,
  useAddFaultMutation,
  useRemoveFaultMutation,
  useClearFaultsMutation,
  useGetClockQuery,
  useSetClockMutation,
  useResetDataMutation,
} = simControlApi
