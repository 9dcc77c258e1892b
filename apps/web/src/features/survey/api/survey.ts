import { getSurvey, postSurvey, type SurveyBody } from '@rampart/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/call-route';

export const surveyQueryKey = (uuid: string) => ['survey', uuid] as const;

export const surveyQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: surveyQueryKey(uuid),
    queryFn: ({ signal }) => callRoute(getSurvey, { params: { uuid }, signal }),
  });

/** This player's answer to a session's survey (`response` null while not rated). */
export const useSurvey = (uuid: string) => useQuery(surveyQueryOptions(uuid));

/** Rates a session, or changes the rating: the answer is the one every screen shows next. */
export const useAnswerSurvey = (uuid: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SurveyBody) => callRoute(postSurvey, { params: { uuid }, body }),
    onSuccess: (data) => queryClient.setQueryData(surveyQueryKey(uuid), data),
  });
};
