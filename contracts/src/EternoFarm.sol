// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// Two solhint gas hints do not fit this contract: amounts stay event data (topics are for filtering),
// and `>=` / `<=` are kept where they state the rule.
/* solhint-disable gas-indexed-events, gas-strict-inequalities */

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";

/// @title EternoFarm
/// @author ETERNO
/// @notice LP farming with MasterChef semantics: users deposit LP tokens into a pool (pool 0 = EULP,
///         pool 1 = ELP) and earn ETRO in proportion to their share of the pool and the pool's share of
///         the allocation points. `deposit(pid, 0)` harvests. The emission runs in 4 stages, each with
///         its own ETRO per block (the "mining progress"); the owner starts it once, paying the whole
///         emission in at that moment, so every reward the schedule promises is held by the farm.
///         ETRO no user is owed and the schedule no longer needs (emission of blocks in which a pool held
///         no LP, rewards given up by emergency withdrawals, rounding dust) can be recovered by the owner,
///         but only once the emission has ended (or before it starts): the owner cannot steer emission
///         into an empty pool and take it back while stakers are farming.
///         Owner powers over the split (security review 2026-11, L-4): an allocation change ({add}, {set})
///         takes effect at once only while no LP is staked in any pool (nobody's reward can change);
///         otherwise it is proposed and the owner can apply it only {ALLOCATION_DELAY} later, so stakers
///         see it coming ({pendingAllocations}) and keep the split they staked under until then. While the
///         emission runs, no change may leave the pools with no allocation at all.
/// @dev Rewards are paid straight to the user's wallet. Blocks in which a pool holds no LP emit nothing
///      for that pool (its share stays in the farm). The reward token cannot be a pool's LP token.
///      `rewardDebt` is kept at full precision (scaled by ACC_PRECISION, not rounded), and each pool keeps
///      the sum of its users' debts, so `lpSupply * accEtroPerShare − debt sum` bounds what the pool's
///      users are owed: a harvest of `p` lowers it by at least `p` (the payout's sub-wei remainder is
///      given up and stays in the farm), an update raises it by at most the reward pushed in.
///      Invariants:
///        - per pool: sum of userInfo(pid, ·).amount == poolInfo(pid).lpSupply == the farm's LP balance;
///        - per pool: sum of userInfo(pid, ·).rewardDebt == the pool's debt sum;
///        - sum over users of pendingEtro <= owedEtro();
///        - the farm's ETRO balance >= owedEtro() + scheduledEtro() (recoverableEtro() never underflows),
///          so every user can always harvest what pendingEtro says, whatever the owner recovers;
///        - totalPaid <= emitted() <= totalEmission();
///        - the farm's ETRO balance == totalEmission() − totalPaid − totalRecovered once started (plus any
///          ETRO sent to it directly);
///        - totalAllocPoint > 0 from the start to the end of the emission;
///        - totalRecovered does not change while the emission runs;
///        - an allocation change takes effect no earlier than ALLOCATION_DELAY after it was proposed,
///          unless no LP was staked in any pool when it took effect.
contract EternoFarm is Ownable2Step, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    /// @notice A pool. The first four fields are the spec's farm pool.
    /// @param lpToken The LP token deposited.
    /// @param allocPoint The pool's share of the emission, relative to totalAllocPoint.
    /// @param lastRewardBlock The block up to which the pool's rewards are accounted.
    /// @param accEtroPerShare ETRO earned per LP unit since the pool began, scaled by ACC_PRECISION.
    /// @param lpSupply The LP deposited by users.
    struct PoolInfo {
        IERC20 lpToken;
        uint256 allocPoint;
        uint256 lastRewardBlock;
        uint256 accEtroPerShare;
        uint256 lpSupply;
    }

    /// @notice A user's position in a pool (the spec's farm user).
    /// @param amount The LP deposited.
    /// @param rewardDebt The part of amount * accEtroPerShare already paid or not owed, scaled by
    ///        ACC_PRECISION (kept unrounded, so a pool's owed ETRO is exact arithmetic).
    struct UserInfo {
        uint256 amount;
        uint256 rewardDebt;
    }

    /// @notice One emission stage.
    /// @param startBlock Its first block.
    /// @param endBlock The first block after it.
    /// @param etroPerBlock ETRO emitted per block during it.
    /// @param emission Its whole emission: (endBlock − startBlock) * etroPerBlock.
    struct StageInfo {
        uint256 startBlock;
        uint256 endBlock;
        uint256 etroPerBlock;
        uint256 emission;
    }

    /// @notice A proposed allocation change of one pool.
    /// @param allocPoint The allocation points the pool will get.
    /// @param eta When the owner may apply it (0 = no proposal).
    struct PendingAllocation {
        uint256 allocPoint;
        uint256 eta;
    }

    /// @notice The number of emission stages.
    uint256 public constant STAGE_COUNT = 4;
    /// @notice How long a proposed allocation change waits before the owner may apply it (while LP is staked).
    uint256 public constant ALLOCATION_DELAY = 2 days;
    /// @dev The most allocation points one pool may have (keeps every reward product far from overflow);
    ///      named in AllocationTooHigh. Not a public getter: one selector fewer keeps the deposit, harvest
    ///      and withdraw dispatch as cheap as before the allocation delay.
    uint256 private constant MAX_ALLOC_POINT = 1_000_000;
    /// @notice The scale of accEtroPerShare.
    uint256 public constant ACC_PRECISION = 1e12;

    /// @notice The reward token (ETRO).
    IERC20 public immutable ETRO;

    /// @notice The pools, by id.
    PoolInfo[] public poolInfo;
    /// @notice Each user's position in each pool.
    mapping(uint256 pid => mapping(address user => UserInfo info)) public userInfo;
    mapping(address lpToken => bool added) private _isPooled;
    /// @notice Per pool: the sum of its users' rewardDebt (scaled by ACC_PRECISION).
    mapping(uint256 pid => uint256 sum) public rewardDebtSum;
    uint256 private immutable STAGE_BLOCKS_0;
    uint256 private immutable STAGE_BLOCKS_1;
    uint256 private immutable STAGE_BLOCKS_2;
    uint256 private immutable STAGE_BLOCKS_3;
    uint256 private immutable STAGE_RATE_0;
    uint256 private immutable STAGE_RATE_1;
    uint256 private immutable STAGE_RATE_2;
    uint256 private immutable STAGE_RATE_3;

    /// @notice The sum of the pools' allocation points.
    uint256 public totalAllocPoint;
    /// @notice The first block of stage 0 (0 until the owner starts the emission).
    uint256 public startBlock;
    /// @notice The ETRO paid to users so far.
    uint256 public totalPaid;
    /// @notice The undistributed ETRO the owner has recovered so far.
    uint256 public totalRecovered;
    /// @notice Each pool's proposed allocation change (eta 0 = none).
    mapping(uint256 pid => PendingAllocation pending) public pendingAllocation;

    /// @notice A pool was added.
    /// @param pid The pool id.
    /// @param lpToken Its LP token.
    /// @param allocPoint The allocation points asked for it (in force at once, or proposed: see {PoolSet} and
    ///        {AllocationProposed}).
    event PoolAdded(uint256 indexed pid, address indexed lpToken, uint256 allocPoint);
    /// @notice A pool's allocation changed (took effect).
    /// @param pid The pool id.
    /// @param allocPoint The new allocation points.
    event PoolSet(uint256 indexed pid, uint256 allocPoint);
    /// @notice An allocation change was proposed; the owner may apply it from `eta` on.
    /// @param pid The pool id.
    /// @param allocPoint The proposed allocation points.
    /// @param eta When it may be applied.
    event AllocationProposed(uint256 indexed pid, uint256 allocPoint, uint256 eta);
    /// @notice A proposed allocation change was withdrawn.
    /// @param pid The pool id.
    /// @param allocPoint The allocation points that were proposed.
    event AllocationCancelled(uint256 indexed pid, uint256 allocPoint);
    /// @notice The emission was started and paid in.
    /// @param startBlock The first block of stage 0.
    /// @param totalEmission The ETRO paid in (the whole schedule).
    event Started(uint256 startBlock, uint256 totalEmission);
    /// @notice `user` deposited `amount` LP into pool `pid`.
    /// @param user The depositor.
    /// @param pid The pool id.
    /// @param amount The LP deposited.
    event Deposit(address indexed user, uint256 indexed pid, uint256 amount);
    /// @notice `user` withdrew `amount` LP from pool `pid`.
    /// @param user The depositor.
    /// @param pid The pool id.
    /// @param amount The LP withdrawn.
    event Withdraw(address indexed user, uint256 indexed pid, uint256 amount);
    /// @notice `user` withdrew everything from pool `pid` without its rewards.
    /// @param user The depositor.
    /// @param pid The pool id.
    /// @param amount The LP withdrawn.
    event EmergencyWithdraw(address indexed user, uint256 indexed pid, uint256 amount);
    /// @notice `user` was paid `amount` ETRO from pool `pid`.
    /// @param user The depositor.
    /// @param pid The pool id.
    /// @param amount The ETRO paid.
    event Harvest(address indexed user, uint256 indexed pid, uint256 amount);
    /// @notice The owner recovered `amount` ETRO that no user was owed and the schedule no longer needed.
    /// @param to The receiver.
    /// @param amount The ETRO recovered.
    event UndistributedRecovered(address indexed to, uint256 amount);

    /// @notice An address parameter was the zero address.
    error ZeroAddress();
    /// @notice No pool has this id.
    /// @param pid The id given.
    /// @param poolCount How many pools exist.
    error UnknownPool(uint256 pid, uint256 poolCount);
    /// @notice The LP token already has a pool.
    /// @param lpToken The token.
    error PoolExists(address lpToken);
    /// @notice The reward token cannot be a pool's LP token.
    error LpTokenIsReward();
    /// @notice A stage has no blocks.
    /// @param stage The stage index.
    error EmptyStage(uint256 stage);
    /// @notice The emission has already been started.
    /// @param startBlock Its first block.
    error AlreadyStarted(uint256 startBlock);
    /// @notice A withdrawal larger than the deposit.
    /// @param pid The pool id.
    /// @param amount The amount asked.
    /// @param deposited The user's deposit.
    error WithdrawExceedsDeposit(uint256 pid, uint256 amount, uint256 deposited);
    /// @notice A recovery larger than the ETRO no user is owed and the schedule no longer needs.
    /// @param amount The amount asked.
    /// @param recoverable What may be recovered now (recoverableEtro()).
    error RecoverExceedsUndistributed(uint256 amount, uint256 recoverable);
    /// @notice No stage has this index.
    /// @param stage The index given.
    error UnknownStage(uint256 stage);
    /// @notice The emission would run (or runs) with no allocation point in any pool.
    error NoAllocationLeft();
    /// @notice An allocation above the most one pool may have.
    /// @param allocPoint The allocation given.
    /// @param maxAllocPoint The most one pool may have (1,000,000).
    error AllocationTooHigh(uint256 allocPoint, uint256 maxAllocPoint);
    /// @notice The pool has no proposed allocation change.
    /// @param pid The pool id.
    error NoPendingAllocation(uint256 pid);
    /// @notice The proposed allocation change's delay has not passed (and LP is staked).
    /// @param pid The pool id.
    /// @param eta When it may be applied.
    error AllocationNotReady(uint256 pid, uint256 eta);
    /// @notice Undistributed ETRO can be recovered only before the start or after the end of the emission.
    /// @param endBlock The first block after the emission.
    error EmissionRunning(uint256 endBlock);

    /// @notice Creates the farm with its emission schedule; nothing is emitted until {start}.
    /// @param etro The reward token.
    /// @param stageBlocks Each stage's length in blocks.
    /// @param stageRates Each stage's ETRO per block.
    /// @param owner_ The owner (pools, allocation, start).
    constructor(IERC20 etro, uint256[4] memory stageBlocks, uint256[4] memory stageRates, address owner_)
        Ownable(owner_)
    {
        if (address(etro) == address(0)) revert ZeroAddress();
        for (uint256 i = 0; i < STAGE_COUNT; ++i) {
            if (stageBlocks[i] == 0) revert EmptyStage(i);
        }
        ETRO = etro;
        (STAGE_BLOCKS_0, STAGE_BLOCKS_1, STAGE_BLOCKS_2, STAGE_BLOCKS_3) =
            (stageBlocks[0], stageBlocks[1], stageBlocks[2], stageBlocks[3]);
        (STAGE_RATE_0, STAGE_RATE_1, STAGE_RATE_2, STAGE_RATE_3) =
            (stageRates[0], stageRates[1], stageRates[2], stageRates[3]);
    }

    /// @notice Starts the emission at `firstBlock` (the current block when that is earlier, e.g. 0) and
    ///         takes the whole emission from the owner.
    /// @dev Requirements: owner; not started; some pool has allocation points. Emits {Started}.
    /// @param firstBlock The first block of stage 0.
    function start(uint256 firstBlock) external onlyOwner nonReentrant {
        if (startBlock != 0) revert AlreadyStarted(startBlock);
        if (totalAllocPoint == 0) revert NoAllocationLeft();
        uint256 first = firstBlock > block.number ? firstBlock : block.number;
        _massUpdatePools();
        startBlock = first;
        uint256 total = totalEmission();
        ETRO.safeTransferFrom(msg.sender, address(this), total);
        emit Started(first, total);
    }

    /// @notice Adds a pool for `lpToken` asking `allocPoint` allocation points: in force at once while no LP
    ///         is staked in any pool, else the pool starts with none and `allocPoint` is proposed (see {set}).
    /// @dev Requirements: owner; `lpToken` non-zero, not ETRO, not already pooled; `allocPoint` at most
    ///      1,000,000. Emits {PoolAdded}, then {PoolSet} or {AllocationProposed}.
    /// @param allocPoint The pool's allocation points.
    /// @param lpToken The LP token (not ETRO, not already pooled).
    /// @return pid The new pool's id.
    function add(uint256 allocPoint, IERC20 lpToken) external onlyOwner returns (uint256 pid) {
        if (address(lpToken) == address(0)) revert ZeroAddress();
        if (address(lpToken) == address(ETRO)) revert LpTokenIsReward();
        if (_isPooled[address(lpToken)]) revert PoolExists(address(lpToken));
        if (allocPoint > MAX_ALLOC_POINT) revert AllocationTooHigh(allocPoint, MAX_ALLOC_POINT);
        _massUpdatePools();
        _isPooled[address(lpToken)] = true;
        pid = poolInfo.length;
        poolInfo.push(
            PoolInfo({lpToken: lpToken, allocPoint: 0, lastRewardBlock: block.number, accEtroPerShare: 0, lpSupply: 0})
        );
        emit PoolAdded(pid, address(lpToken), allocPoint);
        if (allocPoint != 0) _changeAllocation(pid, allocPoint);
    }

    /// @notice Changes pool `pid`'s allocation points: at once while no LP is staked in any pool, else
    ///         proposed, to be applied by the owner ({applyAllocation}) from ALLOCATION_DELAY on. A new
    ///         proposal for the same pool replaces the previous one (and its delay starts again).
    /// @dev Requirements: owner; the pool exists; `allocPoint` at most 1,000,000; applied at once,
    ///      not leaving every pool without allocation while the emission runs. Emits {PoolSet} or
    ///      {AllocationProposed}.
    /// @param pid The pool id.
    /// @param allocPoint The new allocation points.
    function set(uint256 pid, uint256 allocPoint) external onlyOwner {
        _pool(pid);
        if (allocPoint > MAX_ALLOC_POINT) revert AllocationTooHigh(allocPoint, MAX_ALLOC_POINT);
        _changeAllocation(pid, allocPoint);
    }

    /// @notice Applies pool `pid`'s proposed allocation change (rewards so far are accounted first under
    ///         the old split).
    /// @dev Requirements: owner; a proposal whose eta has come, or no LP staked in any pool; not leaving
    ///      every pool without allocation while the emission runs. Emits {PoolSet}.
    /// @param pid The pool id.
    function applyAllocation(uint256 pid) external onlyOwner {
        PendingAllocation memory pending = pendingAllocation[pid];
        if (pending.eta == 0) revert NoPendingAllocation(pid);
        if (block.timestamp < pending.eta && !_nothingStaked()) revert AllocationNotReady(pid, pending.eta);
        delete pendingAllocation[pid];
        _setAllocation(pid, pending.allocPoint);
    }

    /// @notice Withdraws pool `pid`'s proposed allocation change.
    /// @dev Requirements: owner; a proposal. Emits {AllocationCancelled}.
    /// @param pid The pool id.
    function cancelAllocation(uint256 pid) external onlyOwner {
        PendingAllocation memory pending = pendingAllocation[pid];
        if (pending.eta == 0) revert NoPendingAllocation(pid);
        delete pendingAllocation[pid];
        emit AllocationCancelled(pid, pending.allocPoint);
    }

    /// @notice Deposits `amount` LP into pool `pid`, paying the caller's pending ETRO first.
    /// @param pid The pool id.
    /// @param amount The LP deposited (approved to this contract); 0 only harvests.
    function deposit(uint256 pid, uint256 amount) external nonReentrant {
        PoolInfo storage pool = _pool(pid);
        UserInfo storage user = userInfo[pid][msg.sender];
        _updatePool(pool);
        uint256 acc = pool.accEtroPerShare;
        _harvest(pid, user, acc);
        if (amount != 0) {
            user.amount += amount;
            pool.lpSupply += amount;
            pool.lpToken.safeTransferFrom(msg.sender, address(this), amount);
            emit Deposit(msg.sender, pid, amount);
        }
        _setRewardDebt(pid, user, user.amount * acc);
    }

    /// @notice Withdraws `amount` LP from pool `pid`, paying the caller's pending ETRO too.
    /// @param pid The pool id.
    /// @param amount The LP withdrawn, at most the caller's deposit; 0 only harvests.
    function withdraw(uint256 pid, uint256 amount) external nonReentrant {
        PoolInfo storage pool = _pool(pid);
        UserInfo storage user = userInfo[pid][msg.sender];
        if (amount > user.amount) revert WithdrawExceedsDeposit(pid, amount, user.amount);
        _updatePool(pool);
        uint256 acc = pool.accEtroPerShare;
        _harvest(pid, user, acc);
        if (amount != 0) {
            user.amount -= amount;
            pool.lpSupply -= amount;
            pool.lpToken.safeTransfer(msg.sender, amount);
            emit Withdraw(msg.sender, pid, amount);
        }
        _setRewardDebt(pid, user, user.amount * acc);
    }

    /// @notice Withdraws the caller's whole deposit from pool `pid`, giving up its pending ETRO.
    /// @param pid The pool id.
    function emergencyWithdraw(uint256 pid) external nonReentrant {
        PoolInfo storage pool = _pool(pid);
        UserInfo storage user = userInfo[pid][msg.sender];
        uint256 amount = user.amount;
        user.amount = 0;
        _setRewardDebt(pid, user, 0);
        pool.lpSupply -= amount;
        pool.lpToken.safeTransfer(msg.sender, amount);
        emit EmergencyWithdraw(msg.sender, pid, amount);
    }

    /// @notice Sends `amount` ETRO that no user is owed and the schedule no longer needs to `to`: at most
    ///         recoverableEtro(), computed after every pool's rewards are accounted up to this block.
    /// @dev Requirements: owner; `to` non-zero; the emission not running (before {start} or from its end
    ///      block on); `amount` at most recoverableEtro(). Emits {UndistributedRecovered}.
    /// @param to The receiver.
    /// @param amount The ETRO to recover.
    function recoverUndistributed(address to, uint256 amount) external onlyOwner nonReentrant {
        if (to == address(0)) revert ZeroAddress();
        if (_emissionRunning()) revert EmissionRunning(_endBlock());
        _massUpdatePools();
        uint256 available = recoverableEtro();
        if (amount > available) revert RecoverExceedsUndistributed(amount, available);
        totalRecovered += amount;
        ETRO.safeTransfer(to, amount);
        emit UndistributedRecovered(to, amount);
    }

    /// @notice Accounts pool `pid`'s rewards up to the current block.
    /// @param pid The pool id.
    function updatePool(uint256 pid) external {
        _updatePool(_pool(pid));
    }

    /// @notice Accounts every pool's rewards up to the current block.
    function massUpdatePools() external {
        _massUpdatePools();
    }

    /// @notice The ETRO `account` would receive from pool `pid` if it harvested now.
    /// @param pid The pool id.
    /// @param account The depositor.
    /// @return The pending ETRO.
    function pendingEtro(uint256 pid, address account) external view returns (uint256) {
        UserInfo storage user = userInfo[pid][account];
        return (user.amount * _currentAcc(_pool(pid)) - user.rewardDebt) / ACC_PRECISION;
    }

    /// @notice An upper bound of what the users of all pools are owed now (each pool's
    ///         `lpSupply * accEtroPerShare − debt sum`, with the rewards not yet pushed into accEtroPerShare);
    ///         at least the sum of every user's pendingEtro.
    /// @return owed The ETRO owed to users.
    function owedEtro() public view returns (uint256 owed) {
        uint256 count = poolInfo.length;
        for (uint256 pid = 0; pid < count; ++pid) {
            PoolInfo storage pool = poolInfo[pid];
            owed += (pool.lpSupply * _currentAcc(pool) - rewardDebtSum[pid]) / ACC_PRECISION;
        }
    }

    /// @notice The emission still to come: the schedule's blocks from the current one to the end (0 before
    ///         the start, when the farm does not hold the emission yet).
    /// @return The ETRO the schedule will still emit.
    function scheduledEtro() public view returns (uint256) {
        if (startBlock == 0) return 0;
        return totalEmission() - _emission(0, block.number);
    }

    /// @notice The ETRO the owner may recover now: 0 while the emission runs, else the farm's balance less
    ///         owedEtro() and scheduledEtro().
    /// @return The recoverable ETRO.
    function recoverableEtro() public view returns (uint256) {
        if (_emissionRunning()) return 0;
        return ETRO.balanceOf(address(this)) - owedEtro() - scheduledEtro();
    }

    /// @notice Every proposed allocation change, by pool id order.
    /// @return pids The pools.
    /// @return allocPoints The allocation points proposed for each.
    /// @return etas When each may be applied.
    function pendingAllocations()
        external
        view
        returns (uint256[] memory pids, uint256[] memory allocPoints, uint256[] memory etas)
    {
        uint256 count = poolInfo.length;
        uint256 found;
        for (uint256 pid = 0; pid < count; ++pid) {
            if (pendingAllocation[pid].eta != 0) ++found;
        }
        pids = new uint256[](found);
        allocPoints = new uint256[](found);
        etas = new uint256[](found);
        uint256 next;
        for (uint256 pid = 0; pid < count; ++pid) {
            PendingAllocation memory pending = pendingAllocation[pid];
            if (pending.eta == 0) continue;
            (pids[next], allocPoints[next], etas[next]) = (pid, pending.allocPoint, pending.eta);
            ++next;
        }
    }

    /// @notice The first block after the emission (0 before the start).
    /// @return The end block.
    function endBlock() external view returns (uint256) {
        return _endBlock();
    }

    /// @notice How many pools exist.
    /// @return The number of pools.
    function poolLength() external view returns (uint256) {
        return poolInfo.length;
    }

    /// @notice The stage the current block is in: 0–3, or 4 once the emission has ended (0 before it starts).
    /// @return The stage index.
    function currentStage() external view returns (uint256) {
        if (startBlock == 0) return 0;
        uint256 end = startBlock;
        for (uint256 i = 0; i < STAGE_COUNT; ++i) {
            end += _stageBlocks(i);
            if (block.number < end) return i;
        }
        return STAGE_COUNT;
    }

    /// @notice Stage `i`'s blocks and rate (its blocks are 0 until the emission is started).
    /// @param i The stage index, 0–3.
    /// @return info The stage.
    function stageInfo(uint256 i) external view returns (StageInfo memory info) {
        if (i >= STAGE_COUNT) revert UnknownStage(i);
        uint256 first = startBlock;
        for (uint256 j = 0; j < i; ++j) {
            first += _stageBlocks(j);
        }
        info.startBlock = startBlock == 0 ? 0 : first;
        info.endBlock = startBlock == 0 ? 0 : first + _stageBlocks(i);
        info.etroPerBlock = _stageRate(i);
        info.emission = _stageBlocks(i) * _stageRate(i);
    }

    /// @notice The whole schedule's ETRO.
    /// @return total The sum over the stages of blocks × rate.
    function totalEmission() public view returns (uint256 total) {
        for (uint256 i = 0; i < STAGE_COUNT; ++i) {
            total += _stageBlocks(i) * _stageRate(i);
        }
    }

    /// @notice The ETRO the schedule has emitted up to the current block.
    /// @return The emission so far.
    function emitted() external view returns (uint256) {
        return _emission(0, block.number);
    }

    /// @notice The pool `pid`, or a revert when it does not exist.
    /// @param pid The pool id.
    /// @return pool The pool's storage.
    function _pool(uint256 pid) private view returns (PoolInfo storage pool) {
        if (pid >= poolInfo.length) revert UnknownPool(pid, poolInfo.length);
        pool = poolInfo[pid];
    }

    /// @notice Applies `allocPoint` to pool `pid` at once while no LP is staked in any pool, else proposes it.
    /// @param pid The pool id.
    /// @param allocPoint The allocation points.
    function _changeAllocation(uint256 pid, uint256 allocPoint) private {
        if (_nothingStaked()) {
            if (pendingAllocation[pid].eta != 0) delete pendingAllocation[pid];
            _setAllocation(pid, allocPoint);
            return;
        }
        uint256 eta = block.timestamp + ALLOCATION_DELAY;
        pendingAllocation[pid] = PendingAllocation({allocPoint: allocPoint, eta: eta});
        emit AllocationProposed(pid, allocPoint, eta);
    }

    /// @notice Sets pool `pid`'s allocation points after accounting every pool under the old split.
    /// @param pid The pool id.
    /// @param allocPoint The allocation points.
    function _setAllocation(uint256 pid, uint256 allocPoint) private {
        _massUpdatePools();
        PoolInfo storage pool = poolInfo[pid];
        uint256 total = totalAllocPoint - pool.allocPoint + allocPoint;
        if (total == 0 && _emissionRunning()) revert NoAllocationLeft();
        totalAllocPoint = total;
        pool.allocPoint = allocPoint;
        emit PoolSet(pid, allocPoint);
    }

    /// @notice Whether no pool holds any staked LP.
    /// @return True when every pool's lpSupply is 0.
    function _nothingStaked() private view returns (bool) {
        uint256 count = poolInfo.length;
        for (uint256 pid = 0; pid < count; ++pid) {
            if (poolInfo[pid].lpSupply != 0) return false;
        }
        return true;
    }

    /// @notice Whether the emission has been started and has not ended.
    /// @return True from {start} to the block before the end block.
    function _emissionRunning() private view returns (bool) {
        return startBlock != 0 && block.number < _endBlock();
    }

    /// @notice The first block after the schedule (0 before the start).
    /// @return end The end block.
    function _endBlock() private view returns (uint256 end) {
        if (startBlock == 0) return 0;
        end = startBlock;
        for (uint256 i = 0; i < STAGE_COUNT; ++i) {
            end += _stageBlocks(i);
        }
    }

    /// @notice Accounts every pool's rewards.
    function _massUpdatePools() private {
        uint256 count = poolInfo.length;
        for (uint256 pid = 0; pid < count; ++pid) {
            _updatePool(poolInfo[pid]);
        }
    }

    /// @notice `pool`'s accEtroPerShare as an update in this block would make it.
    /// @param pool The pool.
    /// @return acc The accEtroPerShare.
    function _currentAcc(PoolInfo storage pool) private view returns (uint256 acc) {
        acc = pool.accEtroPerShare;
        uint256 supply = pool.lpSupply;
        if (block.number > pool.lastRewardBlock && supply != 0 && totalAllocPoint != 0) {
            uint256 reward = _emission(pool.lastRewardBlock, block.number) * pool.allocPoint / totalAllocPoint;
            acc += reward * ACC_PRECISION / supply;
        }
    }

    /// @notice Sets `user`'s rewardDebt in pool `pid`, keeping the pool's debt sum.
    /// @param pid The pool id.
    /// @param user The user's position.
    /// @param debt The new rewardDebt (scaled by ACC_PRECISION).
    function _setRewardDebt(uint256 pid, UserInfo storage user, uint256 debt) private {
        rewardDebtSum[pid] = rewardDebtSum[pid] - user.rewardDebt + debt;
        user.rewardDebt = debt;
    }

    /// @notice Accounts `pool`'s share of the emission since its last reward block.
    /// @param pool The pool.
    function _updatePool(PoolInfo storage pool) private {
        if (block.number <= pool.lastRewardBlock) return;
        uint256 acc = _currentAcc(pool);
        if (acc != pool.accEtroPerShare) pool.accEtroPerShare = acc;
        pool.lastRewardBlock = block.number;
    }

    /// @notice Pays `user`'s pending ETRO of pool `pid` at `acc`.
    /// @param pid The pool id.
    /// @param user The user's position.
    /// @param acc The pool's current accEtroPerShare.
    function _harvest(uint256 pid, UserInfo storage user, uint256 acc) private {
        uint256 amount = user.amount;
        if (amount == 0) return;
        uint256 pending = (amount * acc - user.rewardDebt) / ACC_PRECISION;
        if (pending == 0) return;
        totalPaid += pending;
        ETRO.safeTransfer(msg.sender, pending);
        emit Harvest(msg.sender, pid, pending);
    }

    /// @notice Stage `i`'s length in blocks (the schedule is immutable, so reading it costs no storage).
    /// @param i The stage index, 0–3.
    /// @return The length.
    function _stageBlocks(uint256 i) private view returns (uint256) {
        if (i == 0) return STAGE_BLOCKS_0;
        if (i == 1) return STAGE_BLOCKS_1;
        if (i == 2) return STAGE_BLOCKS_2;
        return STAGE_BLOCKS_3;
    }

    /// @notice Stage `i`'s ETRO per block.
    /// @param i The stage index, 0–3.
    /// @return The rate.
    function _stageRate(uint256 i) private view returns (uint256) {
        if (i == 0) return STAGE_RATE_0;
        if (i == 1) return STAGE_RATE_1;
        if (i == 2) return STAGE_RATE_2;
        return STAGE_RATE_3;
    }

    /// @notice The schedule's emission over blocks [from, to).
    /// @param from The first block.
    /// @param to The block after the last.
    /// @return total The ETRO emitted.
    function _emission(uint256 from, uint256 to) private view returns (uint256 total) {
        uint256 stageStart = startBlock;
        if (stageStart == 0) return 0;
        for (uint256 i = 0; i < STAGE_COUNT; ++i) {
            uint256 stageEnd = stageStart + _stageBlocks(i);
            uint256 lo = from > stageStart ? from : stageStart;
            uint256 hi = to < stageEnd ? to : stageEnd;
            if (hi > lo) total += (hi - lo) * _stageRate(i);
            stageStart = stageEnd;
        }
    }
}
