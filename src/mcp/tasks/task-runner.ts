// Decides, per tools/call, whether it runs as a task and on which era's protocol, and otherwise
// makes the ordinary SDK call. The session's `callTool` sends every leg through here.
import {
  type CallToolRequest,
  type Client,
  ProtocolError,
  type RequestOptions,
  type Tool,
} from '@modelcontextprotocol/client';
import {
  type ServerTaskCapabilitiesV1,
  shouldCallToolAsTaskV1,
  type ToolV1,
} from '@modelcontextprotocol/ext-tasks/core/v1';
import { runLegacyTask } from './legacy-task.js';
import { createModernTasks, type InputAnswerer, missingCapability, TASKS_EXTENSION } from './modern-task.js';
import type { TaskControl } from './task-control.js';
import { MISSING_REQUIRED_CLIENT_CAPABILITY, TaskError } from './task-error.js';
import type { TaskListener, TaskPreference } from './task-events.js';

export interface TaskLeg {
  /** Each request's own time limit; a running task is bounded by its ttl, the task timeout and the signal. */
  readonly requestTimeoutMs: number;
  /** Once a task exists the call's timeout stops counting (a task may run for minutes). */
  readonly onCreated: () => void;
  /** 2026-07-28: a caller's hold on the task (parking its inputs, or picking it up by its id). */
  readonly control?: TaskControl;
}

export interface TaskRunner {
  callTool(params: CallToolRequest['params'], options: RequestOptions, leg: TaskLeg): Promise<unknown>;
}

export interface TaskRunnerOptions {
  readonly preference: TaskPreference;
  readonly server: string;
  readonly answer: InputAnswerer;
  readonly onTask?: TaskListener;
  /** The client's own bound on a task, in ms (default DEFAULT_TASK_TIMEOUT_MS); its ttl bounds it too. */
  readonly taskTimeoutMs?: number;
}

/** Tool lists are paginated; a server with more pages than this is not asked further. */
const MAX_TOOL_PAGES = 20;

export function createTaskRunner(client: Client, options: TaskRunnerOptions): TaskRunner {
  const modern = createModernTasks(client);
  let tools: Map<string, Tool> | undefined;

  const findTool = async (name: string, requestOptions: RequestOptions): Promise<Tool | undefined> => {
    if (!tools?.has(name)) {
      tools = new Map();
      let cursor: string | undefined;
      for (let page = 0; page < MAX_TOOL_PAGES; page++) {
        const listed = await client.listTools(cursor === undefined ? {} : { cursor }, requestOptions);
        for (const tool of listed.tools) tools.set(tool.name, tool);
        cursor = listed.nextCursor;
        if (cursor === undefined) break;
      }
    }
    return tools.get(name);
  };

  const legacy = async (params: CallToolRequest['params'], requestOptions: RequestOptions, leg: TaskLeg) => {
    const capabilities = client.getServerCapabilities()?.tasks as ServerTaskCapabilitiesV1 | undefined;
    if (capabilities?.requests?.tools?.call === undefined || !requestOptions.signal)
      return client.callTool(params, requestOptions);
    const tool = await findTool(params.name, { ...requestOptions, timeout: leg.requestTimeoutMs });
    const support = (tool as ToolV1 | undefined)?.execution?.taskSupport;
    if (options.preference === 'never' && support === 'required')
      throw new TaskError(
        'unsupported',
        `tool "${params.name}" runs only as a task, which --no-task forbids`,
      );
    if (
      tool === undefined ||
      options.preference === 'never' ||
      !shouldCallToolAsTaskV1(capabilities, tool as ToolV1, options.preference === 'prefer')
    )
      return client.callTool(params, requestOptions);
    return runLegacyTask(params, {
      client,
      server: options.server,
      capabilities,
      requestTimeoutMs: leg.requestTimeoutMs,
      signal: requestOptions.signal,
      onCreated: leg.onCreated,
      ...(options.onTask && { onTask: options.onTask }),
      ...(options.taskTimeoutMs !== undefined && { taskTimeoutMs: options.taskTimeoutMs }),
    });
  };

  return {
    async callTool(params, requestOptions, leg) {
      try {
        if (client.getProtocolEra() !== 'modern') return await legacy(params, requestOptions, leg);
        const offered = client.getServerCapabilities()?.extensions?.[TASKS_EXTENSION] !== undefined;
        if (!offered || options.preference === 'never' || !requestOptions.signal)
          return await client.callTool(params, requestOptions);
        return await modern.callLeg(params, {
          server: options.server,
          signal: requestOptions.signal,
          requestTimeoutMs: leg.requestTimeoutMs,
          answer: options.answer,
          onCreated: leg.onCreated,
          ...(leg.control && { control: leg.control }),
          ...(options.onTask && { onTask: options.onTask }),
          ...(options.taskTimeoutMs !== undefined && { taskTimeoutMs: options.taskTimeoutMs }),
        });
      } catch (error) {
        if (error instanceof ProtocolError && error.code === MISSING_REQUIRED_CLIENT_CAPABILITY)
          throw missingCapability(error.data);
        throw error;
      }
    },
  };
}
