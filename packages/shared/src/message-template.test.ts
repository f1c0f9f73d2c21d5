import { describe, expect, it } from 'vitest';
import {
  placeholdersOf,
  renderMessageTemplate,
  renderTemplateText,
  undeclaredPlaceholders,
} from './message-template.ts';

describe('message template rendering', () => {
  it('fills placeholders; missing or null values render empty', () => {
    expect(
      renderMessageTemplate(
        { title: '【待办】{launchUser}提交的{flowTitle}', content: '节点：{nodeName}，意见：{handleOpinion}。{none}' },
        { launchUser: '张三', flowTitle: '请假单', nodeName: '部门审批', handleOpinion: null },
      ),
    ).toEqual({ title: '【待办】张三提交的请假单', content: '节点：部门审批，意见：。' });
  });

  it('renders numbers and leaves text that is not a placeholder alone', () => {
    expect(renderTemplateText('{n} 天 {1x} {a-b} {} {{x}}', { n: 3, x: 'X' })).toBe('3 天 {1x} {a-b} {} {X}');
  });

  it('does not read inherited properties as values', () => {
    expect(renderTemplateText('[{constructor}][{toString}]', {})).toBe('[][]');
  });

  it('lists placeholders once each and finds undeclared ones', () => {
    expect(placeholdersOf('{a}{b}{a} {c_1}')).toEqual(['a', 'b', 'c_1']);
    expect(
      undeclaredPlaceholders({ title: '{flowTitle}', content: '{nodeName} {launchUser}' }, [
        { field: 'flowTitle', fieldName: '流程标题' },
        { field: 'nodeName', fieldName: '节点' },
      ]),
    ).toEqual(['launchUser']);
  });
});
