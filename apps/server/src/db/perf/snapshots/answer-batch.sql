-- lock
with r as (
      select * from jsonb_to_recordset($1::jsonb)
        as r(i integer, session uuid, account uuid, objective uuid, client text)
    ),
    members as (
      select r.i, r.objective, r.session, r.client, p.team_uuid, t.name as team_name,
        t.eliminated_at is not null as eliminated
      from r
      cross join lateral (
        select p.team_uuid from gaming_session_player p
        where p.session_uuid = r.session and p.account_id = r.account limit 1) p
      left join lateral (
        select t.name, t.eliminated_at from gaming_session_team t
        where t.uuid = p.team_uuid limit 1) t on true
    ),
    sessions as (
      select g.*, (select count(*) from objective o where o.mission_uuid = g.mission_uuid)
        as objectives
      from (select distinct session from members order by session) m
      cross join lateral (
        select uuid, mission_uuid, duration_ms, countdown_ms, start_wait_ms,
          scheduled_start_at, start_requested_at, starts_at, paused_at, paused_ms, stopped_at,
          speedruns_launched, end_when_all_solved, all_solved_at
        from gaming_session where uuid = m.session limit 1 for key share) g
    ),
    objectives as (
      select o.* from (select distinct objective from members) m
      cross join lateral (
        select o.uuid, o.mission_uuid, o.type, o.points, o.penalty, o.max_attempts,
          o.first_blood_bonus, o.locked, o.prerequisites, o.choices, o.answer
        from objective o where o.uuid = m.objective limit 1) o
    ),
    receipts as (
      select m.i, s.result from members m
      cross join lateral (
        select s.result from submission s
        where s.team_uuid = m.team_uuid and s.client_id = m.client limit 1) s
      where m.client is not null
    ),
    -- Each team's state on each objective, created if needed, locked, and with the batch's
    -- answers counted against the brute-force bound (a retry of a decided submission is not
    -- counted, and a batch of retries alone leaves the count and its window as they were).
    states as (
      insert into team_objective_state as s
        (team_uuid, objective_uuid, session_uuid, answer_hits, answer_window_ends_at)
      select m.team_uuid, m.objective, m.session,
        count(*) filter (where x.i is null), now() + make_interval(secs => $2)
      from members m
      left join receipts x on x.i = m.i
      join sessions g on g.uuid = m.session
      join objectives o on o.uuid = m.objective and o.mission_uuid = g.mission_uuid
      where m.team_uuid is not null
      group by 1, 2, 3
      order by 1, 2
      on conflict (team_uuid, objective_uuid) do update set
        answer_hits = case
          when excluded.answer_hits = 0 then s.answer_hits
          when s.answer_window_ends_at is null or s.answer_window_ends_at <= now()
            then excluded.answer_hits
          else s.answer_hits + excluded.answer_hits end,
        answer_window_ends_at = case
          when excluded.answer_hits = 0 then s.answer_window_ends_at
          when s.answer_window_ends_at is null or s.answer_window_ends_at <= now()
            then excluded.answer_window_ends_at
          else s.answer_window_ends_at end
      returning s.team_uuid, s.objective_uuid, s.attempts, s.solved_at is not null as solved,
        s.answer_hits as hits, s.answer_window_ends_at as reset_at
    ),
    teams as (
      select t.* from (select distinct team_uuid from states order by team_uuid) s
      cross join lateral (
        select uuid, score, completed_objectives as completed from gaming_session_team
        where uuid = s.team_uuid limit 1 for no key update) t
    ),
    bloods as (
      select b.session_uuid, b.objective_uuid
      from (select distinct session, objective from members) m
      join objectives o on o.uuid = m.objective and o.first_blood_bonus > 0
      cross join lateral (
        select e.session_uuid, e.objective_uuid from score_entry e
        where e.session_uuid = m.session and e.objective_uuid = m.objective
          and e.kind = 'first_blood' limit 1) b
    )
    select json_build_object(
      'members', (select coalesce(json_agg(m), '[]') from (
        select i, team_uuid, team_name, eliminated from members) m),
      'sessions', (select coalesce(json_agg(g), '[]') from sessions g),
      'objectives', (select coalesce(json_agg(o), '[]') from objectives o),
      'states', (select coalesce(json_agg(s), '[]') from states s),
      'teams', (select coalesce(json_agg(t), '[]') from teams t),
      'bloods', (select coalesce(json_agg(b), '[]') from bloods b),
      'receipts', (select coalesce(json_agg(x), '[]') from receipts x),
      -- Last: the arguments are evaluated in order, so this is read once the locks are held.
      'now', clock_timestamp()
    ) as data;

-- facts
with r as (
      select * from jsonb_to_recordset($1::jsonb)
        as r(session uuid, team uuid, objective uuid, locked boolean, correct boolean,
             digest text, client text)
    )
    select json_build_object(
      'now', clock_timestamp(),
      'unlocked', (select coalesce(json_agg(u), '[]') from (
        select distinct u.session_uuid, u.objective_uuid
        from r cross join lateral (
          select u.session_uuid, u.objective_uuid from objective_unlock u
          where u.session_uuid = r.session and u.objective_uuid = r.objective limit 1) u
        where r.locked) u),
      'solved', (select coalesce(json_agg(s), '[]') from (
        select distinct s.team_uuid, s.objective_uuid
        from r
        cross join lateral (
          select o.prerequisites from objective o where o.uuid = r.objective limit 1) o
        cross join lateral unnest(o.prerequisites) as p(uuid)
        cross join lateral (
          select s.team_uuid, s.objective_uuid from team_objective_state s
          where s.team_uuid = r.team and s.objective_uuid = p.uuid
            and s.solved_at is not null limit 1) s
        where r.locked) s),
      'speedruns', (select coalesce(json_agg(x), '[]') from (
        select distinct x.session_uuid, x.objective_uuid, x.launched_at, x.paused_ms_at_launch
        from r cross join lateral (
          select x.session_uuid, x.objective_uuid, x.launched_at, x.paused_ms_at_launch
          from speedrun x
          where x.session_uuid = r.session and x.objective_uuid = r.objective limit 1) x
        where r.correct) x),
      'known', (select coalesce(json_agg(w), '[]') from (
        select distinct w.team_uuid, w.objective_uuid, w.answer_digest
        from r cross join lateral (
          select w.team_uuid, w.objective_uuid, w.answer_digest from team_wrong_answer w
          where w.team_uuid = r.team and w.objective_uuid = r.objective
            and w.answer_digest = r.digest limit 1) w) w),
      'receipts', (select coalesce(json_agg(x), '[]') from (
        select r.team as team_uuid, r.client as client_id, s.result
        from r cross join lateral (
          select s.result from submission s
          where s.team_uuid = r.team and s.client_id = r.client limit 1) s
        where r.client is not null) x)
    ) as data;

-- write
with 
    wrong as (
      insert into team_wrong_answer (team_uuid, objective_uuid, answer_digest)
      select w.team, w.objective, w.digest
      from jsonb_to_recordset($1::jsonb) as w(team uuid, objective uuid, digest text)
      on conflict do nothing
    ),
    ledger as (
      insert into score_entry (session_uuid, team_uuid, objective_uuid, kind, points, account_id)
      select l.session, l.team, l.objective, l.kind, l.points, l.account
      from jsonb_to_recordset($2::jsonb)
        as l(key integer, session uuid, team uuid, objective uuid, kind text, points integer,
             account uuid)
      order by l.key
      on conflict (session_uuid, objective_uuid) where kind = 'first_blood' do nothing
      returning team_uuid, objective_uuid, kind, points
    ),
    changes as (
      select * from jsonb_to_recordset($3::jsonb)
        as c(team uuid, objective uuid, session uuid, attempts integer, solver uuid)
    ),
    states as (
      insert into team_objective_state as s
        (team_uuid, objective_uuid, session_uuid, attempts, solved_at, solved_by,
         first_attempt_at)
      select c.team, c.objective, c.session, c.attempts,
        case when c.solver is null then null else clock_timestamp() end, c.solver,
        clock_timestamp()
      from changes c
      on conflict (team_uuid, objective_uuid) do update set
        attempts = excluded.attempts,
        solved_at = case when excluded.solved_by is null then s.solved_at
          else excluded.solved_at end,
        solved_by = coalesce(excluded.solved_by, s.solved_by),
        first_attempt_at = coalesce(s.first_attempt_at, excluded.first_attempt_at)
    ),
    moves as (
      select m.team_uuid, sum(m.points) as delta, sum(m.solves) as solves from (
        select team_uuid, points, 0 as solves from ledger
        union all
        select team, 0, 1 from changes where solver is not null) m
      group by m.team_uuid
    ),
    scores as (
      update gaming_session_team t set
        (score, completed_objectives, score_reached_at) = (
          select t.score + m.delta, t.completed_objectives + m.solves,
            case when m.delta <> 0 then clock_timestamp() else t.score_reached_at end
          from moves m where m.team_uuid = t.uuid)
      where t.uuid = any(array(
        select team_uuid from moves where delta <> 0 or solves <> 0))
    ),
    decided as (
      select s.*, s.blood <> 0 and exists (
          select 1 from ledger l where l.kind = 'first_blood'
            and l.team_uuid = s.team and l.objective_uuid = s.objective) as won
      from jsonb_to_recordset($4::jsonb)
        as s(session uuid, team uuid, objective uuid, account uuid, answer text,
             correct boolean, points integer, blood integer, client text, result jsonb)
    ),
    -- The first bloods each team was assumed to win and another transaction won first.
    lost as (
      select team, sum(blood) as blood from decided where blood <> 0 and not won group by team
    ),
    submissions as (
      insert into submission
        (session_uuid, team_uuid, objective_uuid, account_id, answer, correct, points,
         client_id, result)
      select s.session, s.team, s.objective, s.account, s.answer, s.correct,
        s.points + case when s.won then s.blood else 0 end, s.client,
        -- A first blood another transaction won is neither in the points nor in the score.
        case when s.result is not null then s.result || jsonb_build_object(
          'points', s.points + case when s.won then s.blood else 0 end,
          'firstBlood', s.won,
          'score', (s.result->>'score')::integer - coalesce(l.blood, 0)) end
      from decided s left join lost l on l.team = s.team
    )
    select json_build_object(
      'bloods', (select coalesce(json_agg(b), '[]') from (
        select team_uuid, objective_uuid from ledger where kind = 'first_blood') b),
      'appended', '[]'::json
    ) as data;

-- write with events
with 
      appended_counters as (
        insert into event_stream as c (stream, last_sequence)
        select n.stream, n.n
        from jsonb_to_recordset($1::jsonb) as n(stream text, n integer)
        order by n.stream
        on conflict (stream) do update set last_sequence = c.last_sequence + excluded.last_sequence
        returning c.stream, c.last_sequence
      ),
      appended as (
        insert into event_log (stream, sequence, audience, type, payload)
        select e.stream, c.last_sequence - n.n + e.position, e.audience, e.type, e.payload
        from jsonb_to_recordset($2::jsonb)
          as e(stream text, position integer, audience text, type text, payload jsonb)
        join jsonb_to_recordset($3::jsonb) as n(stream text, n integer)
          using (stream)
        join appended_counters c using (stream)
        order by e.stream, e.position
        returning stream, sequence
      ),
    wrong as (
      insert into team_wrong_answer (team_uuid, objective_uuid, answer_digest)
      select w.team, w.objective, w.digest
      from jsonb_to_recordset($4::jsonb) as w(team uuid, objective uuid, digest text)
      on conflict do nothing
    ),
    ledger as (
      insert into score_entry (session_uuid, team_uuid, objective_uuid, kind, points, account_id)
      select l.session, l.team, l.objective, l.kind, l.points, l.account
      from jsonb_to_recordset($5::jsonb)
        as l(key integer, session uuid, team uuid, objective uuid, kind text, points integer,
             account uuid)
      order by l.key
      on conflict (session_uuid, objective_uuid) where kind = 'first_blood' do nothing
      returning team_uuid, objective_uuid, kind, points
    ),
    changes as (
      select * from jsonb_to_recordset($6::jsonb)
        as c(team uuid, objective uuid, session uuid, attempts integer, solver uuid)
    ),
    states as (
      insert into team_objective_state as s
        (team_uuid, objective_uuid, session_uuid, attempts, solved_at, solved_by,
         first_attempt_at)
      select c.team, c.objective, c.session, c.attempts,
        case when c.solver is null then null else clock_timestamp() end, c.solver,
        clock_timestamp()
      from changes c
      on conflict (team_uuid, objective_uuid) do update set
        attempts = excluded.attempts,
        solved_at = case when excluded.solved_by is null then s.solved_at
          else excluded.solved_at end,
        solved_by = coalesce(excluded.solved_by, s.solved_by),
        first_attempt_at = coalesce(s.first_attempt_at, excluded.first_attempt_at)
    ),
    moves as (
      select m.team_uuid, sum(m.points) as delta, sum(m.solves) as solves from (
        select team_uuid, points, 0 as solves from ledger
        union all
        select team, 0, 1 from changes where solver is not null) m
      group by m.team_uuid
    ),
    scores as (
      update gaming_session_team t set
        (score, completed_objectives, score_reached_at) = (
          select t.score + m.delta, t.completed_objectives + m.solves,
            case when m.delta <> 0 then clock_timestamp() else t.score_reached_at end
          from moves m where m.team_uuid = t.uuid)
      where t.uuid = any(array(
        select team_uuid from moves where delta <> 0 or solves <> 0))
    ),
    decided as (
      select s.*, s.blood <> 0 and exists (
          select 1 from ledger l where l.kind = 'first_blood'
            and l.team_uuid = s.team and l.objective_uuid = s.objective) as won
      from jsonb_to_recordset($7::jsonb)
        as s(session uuid, team uuid, objective uuid, account uuid, answer text,
             correct boolean, points integer, blood integer, client text, result jsonb)
    ),
    -- The first bloods each team was assumed to win and another transaction won first.
    lost as (
      select team, sum(blood) as blood from decided where blood <> 0 and not won group by team
    ),
    submissions as (
      insert into submission
        (session_uuid, team_uuid, objective_uuid, account_id, answer, correct, points,
         client_id, result)
      select s.session, s.team, s.objective, s.account, s.answer, s.correct,
        s.points + case when s.won then s.blood else 0 end, s.client,
        -- A first blood another transaction won is neither in the points nor in the score.
        case when s.result is not null then s.result || jsonb_build_object(
          'points', s.points + case when s.won then s.blood else 0 end,
          'firstBlood', s.won,
          'score', (s.result->>'score')::integer - coalesce(l.blood, 0)) end
      from decided s left join lost l on l.team = s.team
    )
    select json_build_object(
      'bloods', (select coalesce(json_agg(b), '[]') from (
        select team_uuid, objective_uuid from ledger where kind = 'first_blood') b),
      'appended', (select coalesce(json_agg(a), '[]') from appended a)
    ) as data;

-- standings
select json_build_object(
      'ranking', (select coalesce(json_agg(k), '[]') from (
        select t.session_uuid, t.uuid, t.name, t.score, t.score_reached_at, t.eliminated_at,
          t.logo is not null as has_logo, t.completed_objectives as completed
        from jsonb_array_elements_text($1::jsonb) as g(uuid)
        cross join lateral (
          select * from gaming_session_team t where t.session_uuid = g.uuid::uuid offset 0) t) k)
    ) as data;
